//! README.md is the front door: what it tells a server admin must be what the bot does.

use farmhand::discord::permissions::{INVITE_PERMISSIONS, NEEDED};

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md")
}

/// The section "What Farmhand needs from a server" names exactly the permissions the lobby
/// checks (issue 27), and the invite link asks for exactly those.
#[test]
fn readme_names_the_permissions_the_lobby_checks() {
    let text = readme();
    let start = text
        .find("What Farmhand needs from a server")
        .expect("the section is there");
    let section = &text[start..];
    let section = &section[..section[1..].find("\n### ").map_or(section.len(), |k| k + 1)];
    // The table's rows: `| name | where | why |`, after the header and its rule.
    let rows: Vec<&str> = section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| permission") && !l.contains("---"))
        .map(|l| {
            l.trim_start_matches("| ")
                .split(" |")
                .next()
                .unwrap()
                .trim()
        })
        .collect();
    let needed: Vec<&str> = NEEDED.iter().map(|n| n.name).collect();
    assert_eq!(
        rows, needed,
        "README's table against discord::permissions::NEEDED"
    );
    let link = format!("permissions={INVITE_PERMISSIONS}");
    assert!(
        text.contains(&link),
        "README's invite link must carry {link}"
    );
    assert_eq!(
        text.matches("permissions=").count(),
        text.matches(&link).count(),
        "every invite link in README asks for the same permissions"
    );
    let bits = NEEDED.iter().fold(0u64, |b, n| b | n.bits);
    assert_eq!(bits, INVITE_PERMISSIONS);
    assert!(section.contains(&INVITE_PERMISSIONS.to_string()));
}
