//! Which API a request used: the fake's one classification of REST routes, shared by the world
//! (faults, statistics, the request log) and the rate limiter (buckets), below both.

/// Which API a request used (for faults and statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RouteKind {
    Gateway,
    Application,
    Commands,
    Callback,
    Followup,
    WebhookMessage,
    CreateMessage,
    EditMessage,
    GetMessage,
    DeleteMessage,
    CreateThread,
    CreateDm,
    GetChannel,
    Other,
    Unknown,
    /// Any request that carries files (a fault kind only: such a request is counted and
    /// recorded under its route's kind).
    Upload,
}
