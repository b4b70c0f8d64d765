//! A feature of level 5's search, named on the command line of the bot's
//! benchmarks (`bot_ladder --without`, `bot_judge --without`) to play or
//! judge level 5 without it: an A/B of one feature at a time.

use boserv::bot::Budget;

/// A feature of level 5's search that `--without` takes away.
#[derive(Clone, Copy)]
pub enum Feature {
    InPlay,
    Selective,
    Takes,
    Exchanges,
}

impl Feature {
    pub fn parse(name: &str) -> Feature {
        match name {
            "in-play" | "mobility" => Feature::InPlay,
            "selective" => Feature::Selective,
            "takes" => Feature::Takes,
            "exchanges" => Feature::Exchanges,
            _ => panic!("--without in-play|selective|takes|exchanges, not {name}"),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Feature::InPlay => "in-play",
            Feature::Selective => "selective",
            Feature::Takes => "takes",
            Feature::Exchanges => "exchanges",
        }
    }

    pub fn take_from(self, budget: Budget) -> Budget {
        match self {
            Feature::InPlay => Budget {
                in_play: false,
                ..budget
            },
            Feature::Selective => Budget {
                selective: false,
                ..budget
            },
            Feature::Takes => Budget {
                takes: false,
                ..budget
            },
            Feature::Exchanges => Budget {
                exchanges: false,
                ..budget
            },
        }
    }
}
