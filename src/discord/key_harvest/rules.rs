// STUB (helper B replaces this file; never committed as is).
use crate::discord::spec::MessageSpec;
pub fn rules(_t: Option<&str>) -> MessageSpec {
    MessageSpec::default()
}
pub fn rules_topics() -> Vec<&'static str> {
    vec![]
}
