//! Letters finished where they are rendered: a group of letters whose
//! shared data is still to be worked out (`remind`'s board letters: the
//! game replayed for its move list, its clock block, its encoded
//! positions), with the [`Finish`] that works it out.
//!
//! The service knows what a letter says; this layer only renders and
//! queues. A long run's batch ([`super::ahead`]) renders on the other
//! core, so the pure work of a letter's data moves there too when the
//! service hands it over as a `Finish`: the reads stay in the batch's
//! transaction, on the run's thread, and the `Finish` carries what they
//! read. Outside a batch the group is finished in place before it is
//! rendered ([`super::post::post_group`]): the same letters either way.

use crate::letters::Letter;
use crate::store::StoreError;

/// What a group of letters still needs before it is rendered.
pub trait Finish: Send {
    /// Fills in the group's letters, in the order they were posted, from
    /// the data the service gave this `Finish` (worked out once for all of
    /// them).
    fn finish(&mut self, letters: &mut [Letter]) -> Result<(), StoreError>;

    /// Takes back out of the letters, once rendered, what [`Self::finish`]
    /// put in, and forgets what it worked out: freed on the thread that
    /// built it (see [`super::ahead`] on threads freeing their own).
    fn unfinish(&mut self, letters: &mut [Letter]);
}
