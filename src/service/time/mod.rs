//! Thinking time and deadlines: each game's clocks, when its mover must
//! move, and the index of due moments `remind` reads.

pub mod deadline;
pub mod due;
pub mod thinking;
pub mod vacation_notes;
pub mod zone;
