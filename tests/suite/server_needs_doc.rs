//! The documentation's "What Farmhand needs from a server" section names exactly the
//! permissions the lobby checks (`discord::permissions::NEEDED`) and the invite link's scopes,
//! and every invite link in the documentation asks for exactly those permissions.

use farmhand::discord::permissions::{INVITE_PERMISSIONS, NEEDED, SCOPES};
use std::path::{Path, PathBuf};

/// README.md and every Markdown file under docs/.
fn documents() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut paths);
    paths
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect()
}

/// The section under the heading that contains `title`, up to the next heading of its level or
/// higher.
fn section<'a>(text: &'a str, title: &str) -> Option<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with('#') && l.contains(title))?;
    let level = lines[start].chars().take_while(|c| *c == '#').count();
    let end = lines[start + 1..]
        .iter()
        .position(|l| {
            let n = l.chars().take_while(|c| *c == '#').count();
            n > 0 && n <= level && l[n..].starts_with(' ')
        })
        .map_or(lines.len(), |k| start + 1 + k);
    let from = text.find(lines[start])?;
    let to = if end < lines.len() {
        text.find(lines[end]).unwrap_or(text.len())
    } else {
        text.len()
    };
    Some(&text[from..to])
}

#[test]
fn the_documented_server_needs_are_what_the_lobby_checks() {
    let docs = documents();
    let found: Vec<(&PathBuf, &str)> = docs
        .iter()
        .filter_map(|(p, t)| section(t, "What Farmhand needs from a server").map(|s| (p, s)))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one \"What Farmhand needs from a server\" section in README.md or docs/"
    );
    let (path, s) = found[0];
    for n in NEEDED {
        assert!(
            s.contains(n.name),
            "{}: {} is not named",
            path.display(),
            n.name
        );
    }
    for scope in SCOPES {
        assert!(s.contains(scope), "{}: scope {scope}", path.display());
    }
    assert!(
        s.contains(&INVITE_PERMISSIONS.to_string()),
        "{}: the permission integer {INVITE_PERMISSIONS}",
        path.display()
    );
    assert!(s.contains("GUILDS"), "{}: the intent", path.display());
    // Permissions the bot does not use are not asked for.
    for other in [
        "Administrator",
        "Manage Messages",
        "Manage Threads",
        "Mention Everyone",
        "Add Reactions",
        "Manage Channels",
    ] {
        assert!(
            !s.contains(other),
            "{}: {other} is not needed",
            path.display()
        );
    }
    // Every invite link anywhere asks for exactly the lobby's permissions.
    for (p, t) in &docs {
        for (k, _) in t.match_indices("permissions=") {
            let n: String = t[k + "permissions=".len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            assert_eq!(
                n,
                INVITE_PERMISSIONS.to_string(),
                "{}: an invite link asks for {n}",
                p.display()
            );
        }
    }
}
