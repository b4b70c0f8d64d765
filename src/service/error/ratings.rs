//! The refusals of ratings and standings: each becomes the player's one-line answer
//! through [`super::ServiceError`]. They live here, under the service's
//! error, so that the error type names no topic above it.

/// A rating verb refused.
#[derive(Debug, thiserror::Error)]
pub enum RatingsError {
    #[error("ratings --rebuild is for the operator, in the shell")]
    OperatorOnly,
    #[error("name a user: ratings USERID")]
    NoUser,
    #[error("there is no page {page}: {pages} page{s} of finished {variant} games")]
    NoSuchPage {
        page: u32,
        pages: u32,
        s: &'static str,
        variant: String,
    },
}
