//! A variant's definition as Fairy-Stockfish's keys describe it, after
//! inheritance: a child section starts from its parent's definition, a
//! section without a parent from chess without its pieces (FSF's
//! template: an 8x8 board, chess's start position, pawns that step twice
//! from rank 2 / 7 and promote on rank 8 / 1 to the queen, rook, bishop
//! and knight, castling to the g and c files). Every key a section
//! writes is read here; a key boserv does not play refuses the section,
//! naming it. A handful of keys that only tell a graphical interface or
//! an engine how to show or weigh the pieces (`pieceToCharTable`,
//! `variantTemplate`, `pocketSize`, `pieceValueMg`, `pieceValueEg`)
//! change nothing in the game and are accepted as such.

use super::DefinitionError;
use super::betza;
use super::ini::Section;
use crate::rules::chesslike::Counting;

/// Fairy-Stockfish's predefined piece types and their moves in Betza
/// notation (its `piece.cpp`), `khon` and `met` being its other names of
/// the silver and the fers. The pawn is played by the pawn rules.
pub const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfcF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("met", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("khon", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// Keys that change nothing in the game (how a GUI draws it, how an
/// engine weighs it).
const NO_RULE: &[&str] = &[
    "pieceToCharTable",
    "variantTemplate",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// One piece type of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// The key that defined it: `knight`, `customPiece1`, `king`.
    pub key: String,
    /// Its letter, lower case.
    pub letter: char,
    /// How it moves, in Betza notation.
    pub betza: String,
}

/// A set of ranks (0-based), from a Bitboard value of whole ranks.
pub type Ranks = Vec<u8>;

/// The resolved definition of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub name: String,
    pub files: u8,
    pub ranks: u8,
    pub pieces: Vec<PieceType>,
    pub start_fen: String,
    /// Promotion choices as the keys of their types, per side (a child
    /// that letters a type anew keeps it among them, as Fairy-Stockfish's
    /// piece sets do); `None`: the queen, rook, bishop and knight types,
    /// those of them the variant has.
    pub promotion_pieces: [Option<Vec<String>>; 2],
    pub promotion_region: [Ranks; 2],
    pub double_step: bool,
    pub double_step_region: [Ranks; 2],
    /// Single squares of the double-step region, (file, rank) 0-based
    /// (Wolf chess's `*2 b3 c3 f3 g3`).
    pub double_step_squares: [Vec<(u8, u8)>; 2],
    pub castling: bool,
    /// The king's file after castling on each side, 0-based.
    pub castling_kingside_file: u8,
    pub castling_queenside_file: u8,
    /// The castling rank, 1 = each side's back rank.
    pub castling_rank: u8,
    pub castling_king_piece: char,
    pub castling_rook_piece: char,
    /// The flag rule: the piece that wins on reaching its side's region.
    pub flag_piece: Option<char>,
    pub flag_region: [Region; 2],
    /// `flagMove`: Black may answer White's arrival (Racing Kings).
    pub flag_move: bool,
    /// `flagPieceCount`: how many flag pieces must stand in the region.
    pub flag_piece_count: u8,
    /// `flagPieceBlockedWin`: one flag piece in the region is enough
    /// when every other square of it is occupied (Kono).
    pub flag_piece_blocked_win: bool,
    /// What being mated and being stalemated are worth to the side.
    pub checkmate_value: Value,
    pub stalemate_value: Value,
    /// What losing every piece of a kind of `extinction_piece_types`
    /// (`*`: of every kind together) is worth to the side, if it ends
    /// the game; "losing" means keeping at most
    /// `extinction_piece_count` while the other side keeps at least
    /// `extinction_opponent_piece_count`.
    pub extinction_value: Option<Value>,
    pub extinction_piece_types: Vec<char>,
    pub extinction_piece_count: u8,
    pub extinction_opponent_piece_count: u8,
    /// `extinctionClaim`: the side to move needs the other side one
    /// piece stronger before it is judged extinct (it may still bare the
    /// other side's king: Shatranj).
    pub extinction_claim: bool,
    /// `nMoveRule`: the game is drawn after this many moves of each side
    /// without a capture or pawn move (0: never).
    pub n_move_rule: u8,
    /// `nFoldRule`: the game is drawn on this occurrence of a position
    /// (0: never).
    pub n_fold_rule: u8,
    /// `nFoldValue`: what that repetition is worth to the side to move
    /// (Knights Halma: a loss); with `nFoldValueAbsolute`, to White.
    pub n_fold_value: Value,
    pub n_fold_value_absolute: bool,
    /// `checkCounting`: a side wins on giving the last of its checks
    /// (the start position's `3+3`).
    pub check_counting: bool,
    /// `mustCapture`: a capture, when one is legal, must be played.
    pub must_capture: bool,
    /// `checking`: whether a move may give check.
    pub checking: bool,
    /// `enPassantRegion`: the ranks of the squares passed over where a
    /// pawn may be taken en passant (`None`: every rank).
    pub en_passant_region: Option<Ranks>,
    /// `promotionPawnTypes`: the letters of the pawn-like types (a custom
    /// piece that steps, captures and promotes as a pawn: the Berolina
    /// pawn), per side (`promotionPawnTypesBlack`: Spartan chess's
    /// hoplite); `None`: the `pawn` type.
    pub promotion_pawn_types: [Option<Vec<char>>; 2],
    /// `pieceDrops`: pieces in hand may be dropped on empty squares.
    pub piece_drops: bool,
    /// `capturesToHand`: a captured piece goes to the capturer's hand.
    pub captures_to_hand: bool,
    /// `dropLoop`: a captured promoted piece goes to hand as what it
    /// became (boserv plays captures to hand only so).
    pub drop_loop: bool,
    /// `firstRankPawnDrops`: a pawn may be dropped on its first rank.
    pub first_rank_pawn_drops: bool,
    /// `whiteDropRegion`, `blackDropRegion` (or `dropRegionWhite`...):
    /// the squares each side may drop on (`None`: every square).
    pub drop_region: [Option<Region>; 2],
    /// `dropNoDoubled`: the kind (by letter) that may not be dropped on a
    /// file holding `drop_no_doubled_count` of the side's own of it.
    pub drop_no_doubled: Option<char>,
    pub drop_no_doubled_count: u8,
    /// `dropChecks`: whether a drop may give check.
    pub drop_checks: bool,
    /// `countingRule`: Makruk's or Ouk Chatrang's counting of the
    /// ending (`None`: no counting).
    pub counting_rule: Option<Counting>,
    /// `blastOnCapture`: a capture explodes the capturing piece and every
    /// piece but a pawn on the eight squares around its target (Atomic).
    pub blast_on_capture: bool,
    /// `extinctionPseudoRoyal`: the pieces of the extinction types, while
    /// a side has at most one more of them than `extinction_piece_count`,
    /// are pseudo-royal: no move may leave one attacked or blow it up.
    pub extinction_pseudo_royal: bool,
    /// `dupleCheck`: a side with several pieces of the extinction types
    /// (pseudo-royal) may leave some attacked, not all of them at once
    /// (Spartan chess's two kings).
    pub duple_check: bool,
    /// `shatarMateRule`: a mate counts only after a series of checks
    /// with a shak (a check by a rook, bers or knight); one given by
    /// knights alone is won by the side mated; one without a shak is a
    /// draw.
    pub shatar_mate_rule: bool,
    /// `wallingRule = duck`: after each move the side moves the duck, a
    /// wall of nobody's, to any empty square (`false`: `none`).
    pub duck_walling: bool,
    /// `gating`: the start position's castling field names gates (files
    /// of the back ranks), the rights of `cambodianMoves`.
    pub gating: bool,
    /// `seirawanGating`: with `gating`, the pieces in hand enter by
    /// gating (Seirawan chess: `gating.rs`).
    pub seirawan_gating: bool,
    /// `cambodianMoves`: Ouk Chatrang's initial moves of the king (a
    /// knight's leap to the rank in front) and the met (two squares
    /// forward) from their gates.
    pub cambodian_moves: bool,
    /// `promotionLimit` (`a:1 q:1 r:2`): the most of a kind a side may
    /// have for a pawn to become one, by letter.
    pub promotion_limits: Vec<(char, u8)>,
    /// `mandatoryPawnPromotion`: a pawn entering its promotion zone must
    /// promote (false: it may stay a pawn).
    pub mandatory_pawn_promotion: bool,
    /// `immobilityIllegal`: no move may go where the piece would have
    /// no move left.
    pub immobility_illegal: bool,
    /// `promotedPieceType` (`p:e`): what a piece of a type may become,
    /// by letters. boserv plays it for the pawn types: one more choice
    /// on reaching the promotion rank (Wolf chess's pawn may become an
    /// elephant).
    pub promoted_piece_types: Vec<(char, char)>,
    /// `enPassantTypes`: the letters of the types that take en passant
    /// (`None`: as the pawn types' moves say).
    pub en_passant_types: Option<Vec<char>>,
    /// `mobilityRegionWhite<Piece>` / `mobilityRegionBlack<Piece>`: the
    /// piece type (by key) of a side (0 White) confined to a region.
    pub mobility_regions: Vec<(String, u8, Region)>,
}

/// A result's worth to the side it concerns, as Fairy-Stockfish's values
/// write it (`win`, `loss`, `draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

impl Value {
    fn read(text: &str) -> Result<Value, String> {
        match text {
            "win" => Ok(Value::Win),
            "loss" => Ok(Value::Loss),
            "draw" => Ok(Value::Draw),
            _ => Err(format!("expected win, loss or draw, not {text:?}")),
        }
    }

    /// In words, for the help page.
    pub fn words(self) -> &'static str {
        match self {
            Value::Win => "a win",
            Value::Loss => "a loss",
            Value::Draw => "a draw",
        }
    }
}

/// Squares as Fairy-Stockfish's Bitboard values write them: `d4`, a rank
/// `*8`, a file `a*`; `(file, rank)`, 0-based, `None` for every one.
pub type Region = Vec<(Option<u8>, Option<u8>)>;

impl Definition {
    /// Fairy-Stockfish's template: chess without its pieces.
    pub fn template(name: &str) -> Self {
        Definition {
            name: name.to_string(),
            files: 8,
            ranks: 8,
            pieces: Vec::new(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            promotion_pieces: [None, None],
            promotion_region: [vec![7], vec![0]],
            double_step: true,
            double_step_region: [vec![1], vec![6]],
            double_step_squares: [Vec::new(), Vec::new()],
            castling: true,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 1,
            castling_king_piece: 'k',
            castling_rook_piece: 'r',
            flag_piece: None,
            flag_region: [Vec::new(), Vec::new()],
            flag_move: false,
            flag_piece_count: 1,
            flag_piece_blocked_win: false,
            checkmate_value: Value::Loss,
            stalemate_value: Value::Draw,
            extinction_value: None,
            extinction_piece_types: Vec::new(),
            extinction_piece_count: 0,
            extinction_opponent_piece_count: 0,
            extinction_claim: false,
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: Value::Draw,
            n_fold_value_absolute: false,
            must_capture: false,
            check_counting: false,
            checking: true,
            en_passant_region: None,
            promotion_pawn_types: [None, None],
            piece_drops: false,
            captures_to_hand: false,
            drop_loop: false,
            first_rank_pawn_drops: false,
            drop_region: [None, None],
            drop_no_doubled: None,
            drop_no_doubled_count: 1,
            drop_checks: true,
            counting_rule: None,
            blast_on_capture: false,
            extinction_pseudo_royal: false,
            duple_check: false,
            shatar_mate_rule: false,
            duck_walling: false,
            gating: false,
            seirawan_gating: false,
            cambodian_moves: false,
            promotion_limits: Vec::new(),
            mandatory_pawn_promotion: true,
            immobility_illegal: false,
            promoted_piece_types: Vec::new(),
            en_passant_types: None,
            mobility_regions: Vec::new(),
        }
    }

    /// Fairy-Stockfish's `chess`, the parent most files name.
    pub fn chess() -> Self {
        let mut d = Self::template("chess");
        for (key, letter) in [
            ("pawn", 'p'),
            ("knight", 'n'),
            ("bishop", 'b'),
            ("rook", 'r'),
            ("queen", 'q'),
            ("king", 'k'),
        ] {
            d.set_piece(key, letter, predefined(key).unwrap().to_string());
        }
        d
    }

    /// The letters of one side's pawn types (0 White), sorted:
    /// `promotionPawnTypes` (or its side's key), or the `pawn` type's.
    pub fn pawn_letters_of(&self, seat: usize) -> Vec<char> {
        let mut out = match &self.promotion_pawn_types[seat] {
            Some(letters) => letters.clone(),
            None => self
                .piece_by_key("pawn")
                .map(|p| vec![p.letter])
                .unwrap_or_default(),
        };
        out.sort();
        out
    }

    /// The letters of every pawn type, either side's, sorted.
    pub fn pawn_letters(&self) -> Vec<char> {
        let mut out = self.pawn_letters_of(0);
        out.extend(self.pawn_letters_of(1));
        out.sort();
        out.dedup();
        out
    }

    /// The piece keys of a promotion key's letters (`-` for none).
    fn promotion_keys(&self, value: &str) -> Result<Vec<String>, String> {
        let letters = if value == "-" { "" } else { value };
        piece_letters(letters)?
            .into_iter()
            .map(|c| {
                self.piece(c)
                    .map(|p| p.key.clone())
                    .ok_or_else(|| format!("no piece has the letter {c}"))
            })
            .collect()
    }

    /// The piece with this letter.
    pub fn piece(&self, letter: char) -> Option<&PieceType> {
        self.pieces.iter().find(|p| p.letter == letter)
    }

    /// The piece defined by this key.
    pub fn piece_by_key(&self, key: &str) -> Option<&PieceType> {
        self.pieces.iter().find(|p| p.key == key)
    }

    fn set_piece(&mut self, key: &str, letter: char, betza: String) {
        self.pieces.retain(|p| p.key != key && p.letter != letter);
        self.pieces.push(PieceType {
            key: key.to_string(),
            letter,
            betza,
        });
    }

    /// This definition with a section's keys applied (the section's own
    /// name taken).
    pub fn apply(mut self, section: &Section) -> Result<Self, DefinitionError> {
        self.name = section.name.clone();
        // Pieces first, as Fairy-Stockfish reads them: other keys name
        // pieces by their letters.
        for (key, value, line) in &section.keys {
            let at = |why: String| DefinitionError::Key {
                key: key.clone(),
                line: *line,
                why,
            };
            if let Some(betza) = predefined(key) {
                self.read_piece(key, value, Some(betza)).map_err(at)?;
            } else if let Some(n) = key.strip_prefix("customPiece") {
                if !n.parse::<u8>().is_ok_and(|n| (1..=25).contains(&n)) {
                    return Err(unsupported(key, *line));
                }
                self.read_piece(key, value, None).map_err(at)?;
            }
        }
        for (key, value, line) in &section.keys {
            if predefined(key).is_some()
                || key.starts_with("customPiece")
                || NO_RULE.contains(&key.as_str())
            {
                continue;
            }
            let at = |why: String| DefinitionError::Key {
                key: key.clone(),
                line: *line,
                why,
            };
            match key.as_str() {
                "maxRank" => self.ranks = number(value, 1, 12).map_err(at)?,
                "maxFile" => self.files = file(value).map_err(at)? + 1,
                "startFen" => self.start_fen = complete_fen(value),
                "promotionPieceTypes" => {
                    let keys = self.promotion_keys(value).map_err(at)?;
                    self.promotion_pieces = [Some(keys.clone()), Some(keys)];
                }
                "promotionPieceTypesWhite" => {
                    self.promotion_pieces[0] = Some(self.promotion_keys(value).map_err(at)?)
                }
                "promotionPieceTypesBlack" => {
                    self.promotion_pieces[1] = Some(self.promotion_keys(value).map_err(at)?)
                }
                "pawnTypes" | "promotionPawnTypes" => {
                    let letters = piece_letters(value).map_err(at)?;
                    self.promotion_pawn_types = [Some(letters.clone()), Some(letters)];
                }
                "promotionPawnTypesWhite" => {
                    self.promotion_pawn_types[0] = Some(piece_letters(value).map_err(at)?)
                }
                "promotionPawnTypesBlack" => {
                    self.promotion_pawn_types[1] = Some(piece_letters(value).map_err(at)?)
                }
                "promotionRegionWhite" => self.promotion_region[0] = ranks(value).map_err(at)?,
                "promotionRegionBlack" => self.promotion_region[1] = ranks(value).map_err(at)?,
                "doubleStep" => self.double_step = boolean(value).map_err(at)?,
                "doubleStepRegionWhite" => {
                    (self.double_step_region[0], self.double_step_squares[0]) =
                        ranks_and_squares(value).map_err(at)?
                }
                "doubleStepRegionBlack" => {
                    (self.double_step_region[1], self.double_step_squares[1]) =
                        ranks_and_squares(value).map_err(at)?
                }
                "castling" => self.castling = boolean(value).map_err(at)?,
                "castlingKingsideFile" => self.castling_kingside_file = file(value).map_err(at)?,
                "castlingQueensideFile" => {
                    self.castling_queenside_file = file(value).map_err(at)?
                }
                "castlingRank" => self.castling_rank = number(value, 1, 12).map_err(at)?,
                "castlingKingPiece" => self.castling_king_piece = letter(value).map_err(at)?,
                "castlingRookPieces" | "castlingRookPiece" => {
                    self.castling_rook_piece = letter(value).map_err(at)?
                }
                "flagPiece" => self.flag_piece = Some(letter(value).map_err(at)?),
                "flagRegion" => {
                    let region = squares(value).map_err(at)?;
                    self.flag_region = [region.clone(), region];
                }
                "flagRegionWhite" => self.flag_region[0] = squares(value).map_err(at)?,
                "flagRegionBlack" => self.flag_region[1] = squares(value).map_err(at)?,
                "flagMove" => self.flag_move = boolean(value).map_err(at)?,
                "flagPieceCount" => self.flag_piece_count = number(value, 1, 144).map_err(at)?,
                "flagPieceBlockedWin" => {
                    self.flag_piece_blocked_win = boolean(value).map_err(at)?
                }
                "checking" => self.checking = boolean(value).map_err(at)?,
                "checkmateValue" => self.checkmate_value = Value::read(value).map_err(at)?,
                "stalemateValue" => self.stalemate_value = Value::read(value).map_err(at)?,
                "extinctionValue" => {
                    self.extinction_value = match value.as_str() {
                        "none" => None,
                        v => Some(Value::read(v).map_err(at)?),
                    }
                }
                "extinctionPieceTypes" => {
                    self.extinction_piece_types = piece_letters(value).map_err(at)?
                }
                "extinctionPieceCount" => {
                    self.extinction_piece_count = number(value, 0, 64).map_err(at)?
                }
                "extinctionOpponentPieceCount" => {
                    self.extinction_opponent_piece_count = number(value, 0, 64).map_err(at)?
                }
                "extinctionClaim" => self.extinction_claim = boolean(value).map_err(at)?,
                "nMoveRule" => self.n_move_rule = number(value, 0, 200).map_err(at)?,
                "nFoldRule" => self.n_fold_rule = number(value, 0, 20).map_err(at)?,
                "nFoldValue" => self.n_fold_value = Value::read(value).map_err(at)?,
                "nFoldValueAbsolute" => self.n_fold_value_absolute = boolean(value).map_err(at)?,
                "mustCapture" => self.must_capture = boolean(value).map_err(at)?,
                "checkCounting" => self.check_counting = boolean(value).map_err(at)?,
                // The rules boserv plays for every game, accepted when a
                // section asks for exactly them.
                "enPassantRegion" => {
                    self.en_passant_region = Some(match value.as_str() {
                        "-" => Vec::new(),
                        v => ranks(v).map_err(at)?,
                    })
                }
                // The types that take en passant: checked against the
                // pawn types' captures when the game is built.
                "enPassantTypes" => {
                    let mut these = piece_letters(value).map_err(at)?;
                    these.sort();
                    self.en_passant_types = Some(these);
                }
                // The types whose moves reset the n-move count: boserv's
                // pawn types.
                "nMoveRuleTypes" | "nMoveRuleTypesWhite" | "nMoveRuleTypesBlack" => {
                    let pawns = match key.as_str() {
                        "nMoveRuleTypesWhite" => self.pawn_letters_of(0),
                        "nMoveRuleTypesBlack" => self.pawn_letters_of(1),
                        _ => self.pawn_letters(),
                    };
                    let mut these = piece_letters(value).map_err(at)?;
                    these.sort();
                    if these != pawns {
                        return Err(at(format!(
                            "boserv plays these as the pawn types ({}), not {value}",
                            pawns.iter().collect::<String>()
                        )));
                    }
                }
                "pieceDrops" => self.piece_drops = boolean(value).map_err(at)?,
                "capturesToHand" => self.captures_to_hand = boolean(value).map_err(at)?,
                "dropLoop" => self.drop_loop = boolean(value).map_err(at)?,
                "firstRankPawnDrops" => self.first_rank_pawn_drops = boolean(value).map_err(at)?,
                "whiteDropRegion" | "dropRegionWhite" => {
                    self.drop_region[0] = Some(squares(value).map_err(at)?)
                }
                "blackDropRegion" | "dropRegionBlack" => {
                    self.drop_region[1] = Some(squares(value).map_err(at)?)
                }
                "dropNoDoubled" => {
                    self.drop_no_doubled = match value.as_str() {
                        "-" => None,
                        v => Some(letter(v).map_err(at)?),
                    }
                }
                "dropNoDoubledCount" => {
                    self.drop_no_doubled_count = number(value, 0, 144).map_err(at)?
                }
                "dropChecks" => self.drop_checks = boolean(value).map_err(at)?,
                "countingRule" => {
                    self.counting_rule = match value.as_str() {
                        "makruk" => Some(Counting::Makruk),
                        "cambodian" => Some(Counting::Cambodian),
                        "none" => None,
                        v => {
                            return Err(at(format!(
                                "boserv plays the makruk and cambodian counting rules, not {v}"
                            )));
                        }
                    }
                }
                "blastOnCapture" => self.blast_on_capture = boolean(value).map_err(at)?,
                "extinctionPseudoRoyal" => {
                    self.extinction_pseudo_royal = boolean(value).map_err(at)?
                }
                "dupleCheck" => self.duple_check = boolean(value).map_err(at)?,
                "shatarMateRule" => self.shatar_mate_rule = boolean(value).map_err(at)?,
                "wallingRule" => self.duck_walling = super::walls::rule(value).map_err(at)?,
                // Drop rules boserv plays as Fairy-Stockfish's defaults.
                "promotionZonePawnDrops" | "mustDrop" => same(value, "false").map_err(at)?,
                "gating" => self.gating = boolean(value).map_err(at)?,
                "seirawanGating" => self.seirawan_gating = boolean(value).map_err(at)?,
                "cambodianMoves" => self.cambodian_moves = boolean(value).map_err(at)?,
                "promotionLimit" => self.promotion_limits = limits(value).map_err(at)?,
                "promotedPieceType" => {
                    for (from, to) in promoted_types(value).map_err(at)? {
                        self.promoted_piece_types.retain(|&(f, _)| f != from);
                        if let Some(to) = to {
                            self.promoted_piece_types.push((from, to));
                        }
                    }
                }
                // Piece promotion (other than the pawns') is refused with
                // `promotedPieceType`; these keep its default.
                "mandatoryPiecePromotion" | "pieceDemotion" => same(value, "false").map_err(at)?,
                "mandatoryPawnPromotion" => {
                    self.mandatory_pawn_promotion = boolean(value).map_err(at)?
                }
                "immobilityIllegal" => self.immobility_illegal = boolean(value).map_err(at)?,
                "chess960" => same(value, "false").map_err(at)?,
                _ => match super::mobility::region_key(key) {
                    Some((piece, seat)) => {
                        let region = squares(value).map_err(at)?;
                        self.mobility_regions
                            .retain(|(k, s, _)| !(*k == piece && *s == seat));
                        self.mobility_regions.push((piece, seat, region));
                    }
                    None => return Err(unsupported(key, *line)),
                },
            }
        }
        // A gating game's castling field holds its gates.
        if !self.castling && !self.gating {
            self.start_fen = without_castling_rights(&self.start_fen);
        }
        Ok(self)
    }
}

/// The Betza text of a predefined piece type's key.
pub fn predefined(key: &str) -> Option<&'static str> {
    PREDEFINED.iter().find(|(k, _)| *k == key).map(|(_, b)| *b)
}

fn unsupported(key: &str, line: usize) -> DefinitionError {
    DefinitionError::Unsupported {
        key: key.to_string(),
        line,
    }
}

impl Definition {
    /// `letter`, `letter:betza` or `-` for a piece key.
    fn read_piece(&mut self, key: &str, value: &str, betza: Option<&str>) -> Result<(), String> {
        if value == "-" {
            self.pieces.retain(|p| p.key != key);
            return Ok(());
        }
        let (letter, own) = match value.split_once(':') {
            Some((l, b)) => (l, Some(b)),
            None => (value, None),
        };
        let letter = self::letter(letter)?;
        let moves = match (own, betza) {
            (Some(b), _) if key == "king" || betza.is_none() => b.to_string(),
            (Some(_), _) => {
                return Err(format!(
                    "only the king and custom pieces take Betza notation: {value}"
                ));
            }
            (None, Some(b)) => b.to_string(),
            (None, None) => return Err(format!("a custom piece needs letter:Betza, not {value}")),
        };
        if key == "pawn" && moves != "fmWfcF" {
            return Err("the pawn moves as a chess pawn".into());
        }
        if key != "pawn" {
            // A pawn-like custom piece (`promotionPawnTypes`, which may
            // come later) is read as a pawn when the game is built.
            betza::parse(&moves)
                .map(|_| ())
                .or_else(|e| {
                    super::betza_pawn::pawn(&moves).map(|_| ()).map_err(|pawn| {
                        // A text with a pawn's own modifiers is judged as a pawn's.
                        if moves.contains(['i', 'e']) { pawn } else { e }
                    })
                })
                .map_err(|e| e.to_string())?;
        }
        self.set_piece(key, letter, moves);
        Ok(())
    }
}

fn letter(text: &str) -> Result<char, String> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_lowercase()),
        _ => Err(format!("expected a piece letter, not {text:?}")),
    }
}

/// Piece letters (`kqrbnp`), `*` for every kind together.
fn piece_letters(text: &str) -> Result<Vec<char>, String> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '*' => Ok('*'),
            c if c.is_ascii_alphabetic() => Ok(c.to_ascii_lowercase()),
            c => Err(format!("expected piece letters or *, not {c:?}")),
        })
        .collect()
}

/// Counts by piece letter (`a:1 c:1 q:1 r:2`), as `promotionLimit`
/// writes them.
fn limits(text: &str) -> Result<Vec<(char, u8)>, String> {
    text.split_whitespace()
        .map(|t| {
            let bad = || format!("expected letter:count (q:1), not {t:?}");
            let (l, n) = t.split_once(':').ok_or_else(bad)?;
            Ok((
                letter(l).map_err(|_| bad())?,
                number(n, 0, 64).map_err(|_| bad())?,
            ))
        })
        .collect()
}

fn boolean(text: &str) -> Result<bool, String> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false, not {text:?}")),
    }
}

fn number(text: &str, lo: u8, hi: u8) -> Result<u8, String> {
    text.parse::<u8>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| format!("expected a number from {lo} to {hi}, not {text:?}"))
}

/// A file by letter (`a`..`l`) or number (1..12), 0-based.
fn file(text: &str) -> Result<u8, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='l'), None) => Ok(c as u8 - b'a'),
        _ => number(text, 1, 12).map(|n| n - 1),
    }
}

/// A Bitboard value made of whole ranks (`*2`, `*9 *10`), 0-based.
fn ranks(text: &str) -> Result<Ranks, String> {
    text.split_whitespace()
        .map(|t| {
            t.strip_prefix('*')
                .and_then(|r| number(r, 1, 12).ok())
                .map(|r| r - 1)
                .ok_or_else(|| format!("boserv reads regions of whole ranks (*2 *3), not {t:?}"))
        })
        .collect()
}

/// A region of whole ranks and single squares (`*2 b3 c3 f3 g3`).
fn ranks_and_squares(text: &str) -> Result<(Ranks, Vec<(u8, u8)>), String> {
    let mut ranks = Vec::new();
    let mut single = Vec::new();
    for (file, rank) in squares(text)? {
        match (file, rank) {
            (None, Some(r)) => ranks.push(r),
            (Some(f), Some(r)) => single.push((f, r)),
            _ => {
                return Err(format!(
                    "boserv reads regions of ranks and squares (*2 b3), not {text:?}"
                ));
            }
        }
    }
    Ok((ranks, single))
}

/// `promotedPieceType` pairs (`p:e n:g`, `-` for none).
fn promoted_types(text: &str) -> Result<Vec<(char, Option<char>)>, String> {
    text.split_whitespace()
        .map(|t| {
            let bad = || format!("expected letter:letter, not {t:?}");
            let (from, to) = t.split_once(':').ok_or_else(bad)?;
            let from = letter(from).map_err(|_| bad())?;
            let to = match to {
                "-" => None,
                to => Some(letter(to).map_err(|_| bad())?),
            };
            Ok((from, to))
        })
        .collect()
}

/// A Bitboard value of squares, ranks and files (`d4 e4`, `*8`, `a*`).
fn squares(text: &str) -> Result<Region, String> {
    text.split_whitespace()
        .map(|t| {
            let mut chars = t.chars();
            let f = chars.next();
            let rank = chars.as_str();
            let file = match f {
                Some('*') => None,
                Some(c @ 'a'..='l') => Some(c as u8 - b'a'),
                _ => return Err(format!("expected squares (d4, *8, a*), not {t:?}")),
            };
            let rank = match rank {
                "*" => None,
                r => Some(
                    number(r, 1, 12)
                        .map_err(|_| format!("expected squares (d4, *8, a*), not {t:?}"))?
                        - 1,
                ),
            };
            Ok((file, rank))
        })
        .collect()
}

/// A start position with the fields Fairy-Stockfish lets a FEN leave
/// out: after the placement and the side to move, no castling rights, no
/// en passant, the counters at their start (`KNR2rnk w`).
pub fn complete_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let defaults = ["w", "-", "-", "0", "1"];
    match fields.len() {
        1 | 2 => {
            let mut out: Vec<&str> = fields.clone();
            out.extend(&defaults[fields.len() - 1..]);
            out.join(" ")
        }
        _ => fen.to_string(),
    }
}

/// A FEN with no castling rights: a game without castling has none,
/// whatever its parent's start position said (Fairy-Stockfish reads no
/// rights there).
pub fn without_castling_rights(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if let Some(rights) = fields.get_mut(2)
        && !rights.chars().next().is_some_and(|c| c.is_ascii_digit())
    {
        *rights = "-";
    }
    fields.join(" ")
}

fn same(text: &str, only: &str) -> Result<(), String> {
    if text == only {
        Ok(())
    } else {
        Err(format!("boserv plays only {only} here, not {text}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::defined::ini::sections;

    fn read(text: &str) -> Result<Definition, DefinitionError> {
        let s = sections(text);
        Definition::chess().apply(&s[0])
    }

    #[test]
    fn keys_are_read_into_the_definition() {
        let d = read("[c:chess]\nmaxFile = j\nmaxRank = 10\narchbishop = a\ncustomPiece1 = e:RF\nking = k:KN\nqueen = -\ncastlingKingsideFile = i\npromotionRegionWhite = *10\ndoubleStep = false\n").unwrap();
        assert_eq!((d.files, d.ranks), (10, 10));
        assert_eq!(d.piece('a').unwrap().betza, "BN");
        assert_eq!(d.piece('e').unwrap().key, "customPiece1");
        assert_eq!(d.piece('k').unwrap().betza, "KN");
        assert!(d.piece('q').is_none());
        assert_eq!(d.castling_kingside_file, 8);
        assert_eq!(d.promotion_region[0], vec![9]);
        assert!(!d.double_step);
        let d = read("[k:chess]\nflagPiece = k\nflagRegion = d4 e5\nflagRegionBlack = *1 a*\n")
            .unwrap();
        assert_eq!(d.flag_piece, Some('k'));
        assert_eq!(
            d.flag_region[0],
            vec![(Some(3), Some(3)), (Some(4), Some(4))]
        );
        assert_eq!(d.flag_region[1], vec![(None, Some(0)), (Some(0), None)]);
        assert!(read("[k:chess]\nflagRegion = z9\n").is_err());
        assert!(read("[k:chess]\nflagMove = maybe\n").is_err());
        let d = read("[g:chess]\nking = -\ncommoner = k\nstalemateValue = win\nextinctionValue = win\nextinctionPieceTypes = *\nmustCapture = true\n").unwrap();
        assert!(d.piece_by_key("king").is_none());
        assert_eq!(d.piece('k').unwrap().key, "commoner");
        assert_eq!(d.stalemate_value, Value::Win);
        assert_eq!(d.extinction_value, Some(Value::Win));
        assert_eq!(d.extinction_piece_types, vec!['*']);
        assert!(d.must_capture);
        let d = read(
            "[h:chess]\nflagPiece = n\nflagRegionWhite = *8\nflagPieceCount = 3\nflagPieceBlockedWin = true\nnFoldRule = 2\nnFoldValue = loss\nnFoldValueAbsolute = true\n",
        )
        .unwrap();
        assert_eq!((d.flag_piece_count, d.flag_piece_blocked_win), (3, true));
        assert_eq!((d.n_fold_rule, d.n_fold_value), (2, Value::Loss));
        assert!(d.n_fold_value_absolute);
        let d = read(
            "[d:crazyhouse]\nwhiteDropRegion = *1 *2\ndropRegionBlack = d5\ndropNoDoubled = p\ndropNoDoubledCount = 0\ndropChecks = false\n",
        )
        .unwrap();
        assert_eq!(
            d.drop_region[0],
            Some(vec![(None, Some(0)), (None, Some(1))])
        );
        assert_eq!(d.drop_region[1], Some(vec![(Some(3), Some(4))]));
        assert_eq!((d.drop_no_doubled, d.drop_no_doubled_count), (Some('p'), 0));
        assert!(!d.drop_checks);
        assert_eq!(
            read("[e:d]\ndropNoDoubled = -\n").unwrap().drop_no_doubled,
            None
        );
    }

    #[test]
    fn an_unsupported_key_refuses_the_section_naming_it() {
        let e = read("[c:chess]\nmaxRank = 8\nflyingGeneral = true\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: boserv does not support the key flyingGeneral"
        );
        let e = read("[c:chess]\nstalemateValue = lost\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: stalemateValue: expected win, loss or draw, not \"lost\""
        );
        let e = read("[c:crazyhouse]\npromotionZonePawnDrops = true\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: promotionZonePawnDrops: boserv plays only false here, not true"
        );
        let e = read("[c:chess]\nnFoldValue = lose\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: nFoldValue: expected win, loss or draw, not \"lose\""
        );
        let e = read("[c:chess]\ncustomPiece1 = c:gNN\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2: customPiece1: 'g' in Betza"),
            "{e}"
        );
        let e = read("[c:chess]\njanggiCannon = c\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2: janggiCannon: 'p' in Betza"),
            "{e}"
        );
        let e = read("[c:chess]\nmaxRank = 13\n").unwrap_err();
        assert!(e.to_string().contains("maxRank"), "{e}");
        let e = read("[c:chess]\npromotionRegionWhite = d4 e4\n").unwrap_err();
        assert!(e.to_string().contains("whole ranks"), "{e}");
    }

    #[test]
    fn a_later_piece_with_the_same_letter_replaces_the_earlier() {
        let d = read("[c:chess]\ncustomPiece1 = n:NN\n").unwrap();
        assert_eq!(d.piece('n').unwrap().betza, "NN");
        assert!(d.piece_by_key("knight").is_none());
    }
}
