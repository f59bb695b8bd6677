//! Transcripts: a whole game as one HTML page that looks like a Discord channel (dark theme,
//! embeds with their colour bar, code blocks in monospace, buttons and selects), with the
//! channel and the game's thread in the first column and each player's private messages
//! (ephemeral replies and DMs, every version, each after the click that caused it) in a column of
//! their own. Made from the fake's log, so it shows exactly what each user saw.

use super::FakeDiscord;
use super::json::APP_ID;
use super::view::{Component, EmbedView, MessageView, Place};
use super::world::{ChannelKind, LogKind, MsgRec};
use crate::i18n::Locale;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

/// Writes the transcript of everything the fake saw to `path`, its frame in English.
pub fn write(fake: &FakeDiscord, title: &str, path: &Path) -> std::io::Result<()> {
    write_in(fake, title, path, Locale::En)
}

/// Writes the transcript to `path` with its frame (headings, notes, the page's own words) in
/// `locale`. Pictures go to files beside the page (`<page>-pictures/1.png`, ...), each distinct
/// picture once: inlined, a 4-player game's pictures made the page 2.5 MB and slow to open.
pub fn write_in(
    fake: &FakeDiscord,
    title: &str,
    path: &Path,
    locale: Locale,
) -> std::io::Result<()> {
    let stem = path.file_stem().map_or_else(
        || "transcript".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let dir_name = format!("{stem}-pictures");
    let mut pictures = Pictures::Files {
        dir: dir_name.clone(),
        files: Vec::new(),
    };
    let html = render_page(fake, title, locale, &mut pictures);
    let dir = path.with_file_name(&dir_name);
    if let Pictures::Files { files, .. } = pictures {
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        if !files.is_empty() {
            std::fs::create_dir_all(&dir)?;
        }
        for (k, bytes) in files.iter().enumerate() {
            std::fs::write(dir.join(format!("{}.png", k + 1)), bytes)?;
        }
    }
    std::fs::write(path, html)
}

/// Where the page's pictures go.
enum Pictures {
    /// Inlined as data: URLs (one self-contained page).
    Inline,
    /// Files in the folder `dir` beside the page, each distinct picture once.
    Files { dir: String, files: Vec<Vec<u8>> },
}

impl Pictures {
    /// The `src` of a picture.
    fn src(&mut self, bytes: &[u8]) -> String {
        use base64::Engine;
        match self {
            Pictures::Inline => format!(
                "data:image/png;base64,{}",
                base64::engine::general_purpose::STANDARD.encode(bytes)
            ),
            Pictures::Files { dir, files } => {
                let k = match files.iter().position(|f| f == bytes) {
                    Some(k) => k,
                    None => {
                        files.push(bytes.to_vec());
                        files.len() - 1
                    }
                };
                format!("{dir}/{}.png", k + 1)
            }
        }
    }
}

/// The page's own words (not the bot's: those are in the messages) in a language.
struct Frame {
    ja: bool,
}

impl Frame {
    fn say(&self, en: &'static str, ja: &'static str) -> &'static str {
        if self.ja { ja } else { en }
    }
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// Names for mentions: users, channels.
struct Names {
    users: HashMap<u64, String>,
    channels: HashMap<u64, String>,
}

impl Names {
    fn user(&self, id: u64) -> String {
        if id == APP_ID {
            return "Farmhand".into();
        }
        self.users
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("user {id}"))
    }
}

/// Replaces `<@id>` and `<#id>` in already escaped text (they read `&lt;@id&gt;`).
fn mentions(s: &str, names: &Names) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(k) = rest.find("&lt;") {
        out.push_str(&rest[..k]);
        let after = &rest[k + 4..];
        let (kind, body) = match after.chars().next() {
            Some('@') => ('@', &after[1..]),
            Some('#') => ('#', &after[1..]),
            _ => {
                out.push_str("&lt;");
                rest = after;
                continue;
            }
        };
        let body = body.strip_prefix('!').unwrap_or(body);
        match body.find("&gt;") {
            Some(end) if body[..end].chars().all(|c| c.is_ascii_digit()) && end > 0 => {
                let id: u64 = body[..end].parse().unwrap_or(0);
                let label = if kind == '@' {
                    format!("@{}", names.user(id))
                } else {
                    format!(
                        "#{}",
                        names
                            .channels
                            .get(&id)
                            .cloned()
                            .unwrap_or_else(|| id.to_string())
                    )
                };
                let _ = write!(out, "<span class=\"mention\">{}</span>", esc(&label));
                rest = &body[end + 4..];
            }
            _ => {
                out.push_str("&lt;");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Inline markdown on one escaped line: `code`, **bold**, __underline__, *italic*, escapes.
fn inline(s: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut bold = false;
    let mut italic = false;
    let mut under = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\\' if next.is_some_and(|n| "*_~`|>#[]:<@\\".contains(n)) => {
                out.push(next.unwrap_or(' '));
                i += 2;
                continue;
            }
            '`' => {
                if let Some(end) = chars[i + 1..].iter().position(|&x| x == '`') {
                    let code: String = chars[i + 1..i + 1 + end].iter().collect();
                    let _ = write!(out, "<code>{code}</code>");
                    i += end + 2;
                    continue;
                }
                out.push(c);
            }
            '*' if next == Some('*') => {
                out.push_str(if bold { "</b>" } else { "<b>" });
                bold = !bold;
                i += 2;
                continue;
            }
            '_' if next == Some('_') => {
                out.push_str(if under { "</u>" } else { "<u>" });
                under = !under;
                i += 2;
                continue;
            }
            '*' => {
                out.push_str(if italic { "</i>" } else { "<i>" });
                italic = !italic;
            }
            c => out.push(c),
        }
        i += 1;
    }
    for (open, tag) in [(bold, "</b>"), (italic, "</i>"), (under, "</u>")] {
        if open {
            out.push_str(tag);
        }
    }
    out
}

/// Discord markdown to HTML: code blocks (monospace), inline styles, mentions, line breaks.
fn markdown(s: &str, names: &Names) -> String {
    let mut out = String::new();
    let mut parts = s.split("```");
    let mut in_code = false;
    let mut first = true;
    for part in parts.by_ref() {
        if !first {
            in_code = !in_code;
        }
        first = false;
        if in_code {
            // A language tag on the first line is not shown.
            let body = match part.split_once('\n') {
                Some((tag, rest)) if !tag.contains(' ') && tag.len() < 12 => rest,
                _ => part,
            };
            let _ = write!(
                out,
                "<pre class=\"code\">{}</pre>",
                esc(body.trim_end_matches('\n'))
            );
        } else {
            let text = part.strip_prefix('\n').unwrap_or(part);
            let lines: Vec<String> = text
                .split('\n')
                .map(|l| {
                    let escaped = mentions(&esc(l), names);
                    match escaped.strip_prefix("&gt; ") {
                        Some(q) => format!("<span class=\"quote\">{}</span>", inline(q)),
                        None => inline(&escaped),
                    }
                })
                .collect();
            out.push_str(&lines.join("<br>"));
        }
    }
    out
}

/// An embed; its picture (one of the message's files, `attachment://name`) at the embed's
/// width.
fn embed(
    e: &EmbedView,
    names: &Names,
    files: &[super::upload::Attachment],
    pictures: &mut Pictures,
) -> String {
    let color = e
        .color
        .map_or("#1e1f22".to_string(), |c| format!("#{c:06x}"));
    let mut s = format!("<div class=\"embed\" style=\"border-color:{color}\">");
    if !e.title.is_empty() {
        let _ = write!(
            s,
            "<div class=\"etitle\">{}</div>",
            inline(&mentions(&esc(&e.title), names))
        );
    }
    if !e.description.is_empty() {
        let _ = write!(
            s,
            "<div class=\"edesc\">{}</div>",
            markdown(&e.description, names)
        );
    }
    if !e.fields.is_empty() {
        s.push_str("<div class=\"fields\">");
        for (n, v) in &e.fields {
            let _ = write!(
                s,
                "<div class=\"field\"><div class=\"fname\">{}</div><div class=\"fvalue\">{}</div></div>",
                inline(&mentions(&esc(n), names)),
                markdown(v, names)
            );
        }
        s.push_str("</div>");
    }
    if let Some(a) = e
        .image
        .as_ref()
        .and_then(|name| files.iter().find(|a| &a.filename == name))
    {
        let alt = a.description.as_deref().unwrap_or(&a.filename);
        let _ = write!(
            s,
            "<div class=\"eimage\"><img src=\"{}\" alt=\"{}\" title=\"{}\" loading=\"lazy\"></div>",
            pictures.src(&a.bytes),
            esc(alt),
            esc(&a.filename)
        );
    }
    if !e.footer.is_empty() {
        let _ = write!(s, "<div class=\"footer\">{}</div>", esc(&e.footer));
    }
    s.push_str("</div>");
    s
}

/// The buttons and selects. `seen`: the selects of the message shown just above in the same
/// column, replaced by this message's; a select with the very same choices shows its title
/// only (a player's screen repeats its selects in every version: their lists were a fifth of a
/// transcript).
fn components(m: &MessageView, seen: Option<&mut Vec<String>>, frame: &Frame) -> String {
    let mut shown = Vec::new();
    let before: &[String] = seen.as_deref().map(Vec::as_slice).unwrap_or_default();
    let mut s = String::new();
    for row in &m.rows {
        s.push_str("<div class=\"row\">");
        for c in row {
            match c {
                Component::Button {
                    label,
                    style,
                    disabled,
                    ..
                } => {
                    // Short markup: a transcript has thousands of buttons (a 4-player game
                    // about 4,800). A `<button>` in a row is styled by the row's CSS, and
                    // Secondary, the most common style, has no class.
                    let class = match style {
                        1 => " class=\"pr\"",
                        3 => " class=\"ok\"",
                        4 => " class=\"no\"",
                        5 => " class=\"ln\"",
                        _ => "",
                    };
                    let _ = write!(
                        s,
                        "<button{class}{}>{}</button>",
                        if *disabled { " disabled" } else { "" },
                        esc(label)
                    );
                }
                Component::Select {
                    placeholder,
                    options,
                    ..
                } => {
                    let mut list = String::from("<ul>");
                    for o in options {
                        let _ = write!(list, "<li>{}", esc(&o.label));
                        if !o.description.is_empty() {
                            let _ = write!(list, "<small>{}</small>", esc(&o.description));
                        }
                        list.push_str("</li>");
                    }
                    list.push_str("</ul>");
                    let head = format!("{placeholder}\u{0}{}", options.len());
                    let key = format!("{head}\u{0}{list}");
                    let count = if frame.ja {
                        format!("（選択肢{}）", options.len())
                    } else {
                        format!("({} options)", options.len())
                    };
                    if before.contains(&key) {
                        let _ = write!(
                            s,
                            "<div class=\"select\">{} <span class=\"count\">{count} {}</span></div>",
                            esc(placeholder),
                            frame.say("· the same choices as above", "· 上と同じ選択肢")
                        );
                    } else {
                        let _ = write!(
                            s,
                            "<details class=\"select\"><summary>{} <span class=\"count\">{count}</span></summary>{list}</details>",
                            esc(placeholder),
                        );
                    }
                    shown.push(key);
                }
            }
        }
        s.push_str("</div>");
    }
    if let Some(seen) = seen {
        *seen = shown;
    }
    s
}

/// The time of day (UTC) a message was made; from the fake's second day on (a game played over
/// simulated days, `demo --days`), the date too, so the days read apart.
fn clock(ms: i64) -> String {
    let t = super::json::timestamp(ms);
    let time = t.get(11..23).unwrap_or("");
    if ms >= super::world::EPOCH_MS + 86_400_000 {
        format!("{} {time}", t.get(5..10).unwrap_or(""))
    } else {
        time.to_string()
    }
}

fn avatar(name: &str, bot: bool) -> String {
    let initial = name
        .chars()
        .next()
        .unwrap_or('?')
        .to_uppercase()
        .to_string();
    let hue = name
        .bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32))
        % 360;
    if bot {
        return format!("<div class=\"avatar bot\">{}</div>", esc(&initial));
    }
    format!(
        "<div class=\"avatar\" style=\"background:hsl({hue},45%,45%)\">{}</div>",
        esc(&initial)
    )
}

/// Attached files: pictures shown in the page (as data: URLs, so the transcript stays one
/// file), other files as a name and size.
fn attachments(m: &MessageView, pictures: &mut Pictures, frame: &Frame) -> String {
    let mut s = String::new();
    for a in &m.attachments {
        // Shown in its embed, as Discord does.
        if m.embeds
            .iter()
            .any(|e| e.image.as_deref() == Some(a.filename.as_str()))
        {
            continue;
        }
        let alt = a.description.as_deref().unwrap_or(&a.filename);
        if a.content_type == "image/png" || a.filename.ends_with(".png") {
            let src = pictures.src(&a.bytes);
            let _ = write!(
                s,
                "<div class=\"attach\"><img src=\"{src}\" alt=\"{}\" title=\"{}\" loading=\"lazy\"></div>",
                esc(alt),
                esc(&a.filename)
            );
        } else {
            let _ = write!(
                s,
                "<div class=\"attach file\">📎 {} <span class=\"time\">{} {}</span></div>",
                esc(&a.filename),
                a.bytes.len(),
                frame.say("bytes", "バイト")
            );
        }
    }
    s
}

/// One message block.
fn message(
    m: &MessageView,
    ms: i64,
    names: &Names,
    note: &str,
    pictures: &mut Pictures,
    frame: &Frame,
    seen: Option<&mut Vec<String>>,
) -> String {
    let bot = m.author == APP_ID;
    let name = names.user(m.author);
    let mut s = String::from("<div class=\"msg\">");
    s.push_str(&avatar(&name, bot));
    s.push_str("<div class=\"body\">");
    let _ = write!(
        s,
        "<div class=\"head\"><span class=\"author\">{}</span>{}<span class=\"time\">{}</span>{}</div>",
        esc(&name),
        if bot {
            "<span class=\"tag\">APP</span>"
        } else {
            ""
        },
        clock(ms),
        if note.is_empty() {
            String::new()
        } else {
            format!("<span class=\"edited\">{}</span>", esc(note))
        }
    );
    if !m.content.is_empty() {
        let _ = write!(
            s,
            "<div class=\"content\">{}</div>",
            markdown(&m.content, names)
        );
    }
    for e in &m.embeds {
        s.push_str(&embed(e, names, &m.attachments, pictures));
    }
    s.push_str(&attachments(m, pictures, frame));
    s.push_str(&components(m, seen, frame));
    match m.place {
        Place::Ephemeral => {
            let _ = write!(
                s,
                "<div class=\"only\">👁 {}</div>",
                frame.say("Only you can see this", "あなただけに表示されています")
            );
        }
        Place::Dm => {
            let _ = write!(
                s,
                "<div class=\"only\">✉ {}</div>",
                frame.say("Direct message", "ダイレクトメッセージ")
            );
        }
        _ => {}
    }
    s.push_str("</div></div>");
    s
}

const CSS: &str = r#"
:root { color-scheme: dark; }
body { margin: 0; background: #313338; color: #dbdee1; font: 15px/1.375 "gg sans", "Noto Sans", "Helvetica Neue", Helvetica, Arial, sans-serif; }
header { padding: 12px 16px; background: #2b2d31; border-bottom: 1px solid #1f2023; }
header h1 { margin: 0; font-size: 16px; color: #f2f3f5; }
header .sub { color: #949ba4; font-size: 13px; }
.columns { display: grid; gap: 0; }
.col { border-right: 1px solid #1f2023; min-width: 0; }
.col h2 { margin: 0; padding: 8px 16px; font-size: 14px; color: #f2f3f5; background: #2b2d31; position: sticky; top: 0; z-index: 1; border-bottom: 1px solid #1f2023; }
.msg { display: flex; gap: 12px; padding: 6px 16px; }
.msg:hover { background: #2e3035; }
.avatar.bot { background: #3a7d44; }
.avatar { flex: 0 0 36px; height: 36px; border-radius: 50%; display: flex; align-items: center; justify-content: center; font-weight: 700; color: #fff; }
.body { min-width: 0; flex: 1; }
.head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 6px; }
.author { color: #f2f3f5; font-weight: 600; white-space: nowrap; }
.tag { background: #5865f2; color: #fff; font-size: 10px; padding: 0 4px; border-radius: 3px; font-weight: 600; }
.time, .edited { color: #949ba4; font-size: 12px; }
.content { white-space: normal; word-wrap: break-word; }
.attach { margin-top: 6px; }
.attach img { max-width: 100%; width: 520px; height: auto; border-radius: 6px; display: block; }
.eimage img { max-width: 100%; height: auto; border-radius: 4px; display: block; margin-top: 8px; }
.attach.file { background: #2b2d31; border-radius: 4px; padding: 8px 12px; max-width: 480px; }
.embed { background: #2b2d31; border-left: 4px solid #1e1f22; border-radius: 4px; padding: 8px 12px 10px; margin-top: 4px; max-width: 520px; }
.etitle { font-weight: 600; color: #f2f3f5; margin-bottom: 4px; }
.edesc { font-size: 14px; }
.fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin-top: 8px; }
.fname { font-weight: 600; font-size: 13px; color: #f2f3f5; }
.fvalue { font-size: 13px; }
.footer { color: #949ba4; font-size: 12px; margin-top: 8px; }
pre.code { background: #1e1f22; border: 1px solid #1a1b1e; border-radius: 4px; padding: 6px 8px; margin: 4px 0; font: 13px/1.3 Consolas, "Andale Mono WT", "DejaVu Sans Mono", Menlo, monospace; white-space: pre; overflow-x: auto; }
code { background: #1e1f22; border-radius: 3px; padding: 0 3px; font: 13px Consolas, "DejaVu Sans Mono", Menlo, monospace; }
.mention { background: rgba(88,101,242,.3); color: #c9cdfb; border-radius: 3px; padding: 0 2px; }
.quote { border-left: 3px solid #4e5058; padding-left: 8px; display: inline-block; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.row button { background: #4e5058; padding: 2px 14px; border: 0; border-radius: 3px; font-family: inherit; font-size: 14px; font-weight: 500; line-height: 1.375; color: #fff; min-height: 28px; display: inline-flex; align-items: center; cursor: default; }
.row button.pr { background: #5865f2; } .row button.ok { background: #248046; } .row button.no { background: #da373c; } .row button.ln { background: #4e5058; }
.row button:disabled { opacity: .5; }
div.select { background: #1e1f22; border-radius: 4px; padding: 6px 10px; max-width: 520px; font-size: 14px; color: #949ba4; }
details.select { background: #1e1f22; border-radius: 4px; padding: 6px 10px; min-width: 300px; max-width: 520px; font-size: 14px; }
details.select summary { color: #949ba4; cursor: pointer; }
details.select ul { margin: 6px 0 0; padding-left: 18px; }
.count, details.select small { color: #949ba4; font-size: 12px; display: block; }
.only { color: #949ba4; font-size: 12px; margin-top: 4px; }
.action { padding: 2px 16px 2px 64px; color: #949ba4; font-size: 13px; }
.action b { color: #dbdee1; }
.note { margin: 6px 16px; padding: 4px 8px; border-left: 3px solid #f0b232; color: #f0b232; font-size: 13px; background: #2b2d31; }
/* A long word (a note's request path, a name without spaces) breaks rather than pushing the
   page sideways: a rate-limit note's path made a 3-player page 482 px wide on a 390 px phone. */
.note, .action, .content, .edesc, .fvalue, .etitle, .author { overflow-wrap: anywhere; }
.thread { border-left: 2px solid #4e5058; margin-left: 8px; }
.version { border-left: 2px dashed #80848e; margin-left: 8px; opacity: 0.85; }
.threadname { color: #949ba4; font-size: 12px; padding: 0 16px 0 64px; }
.pick, .tabs { display: none; }
pre.code { max-width: 100%; box-sizing: border-box; }
/* The header scrolls away at every width, and a column's title sticks at the top of the window
   (under the tabs on a phone): a sticky title sits where it is in the flow until it reaches the
   top, so it never covers a message the page has not scrolled under it (a sticky header of
   one height with titles at a fixed offset covered the first messages once the header's text
   wrapped to two lines).
   A phone: one column at a time, chosen with the tabs (radio buttons: no script), nothing wider
   than the screen except code blocks, which scroll sideways instead of being clipped. */
@media (max-width: 700px) {
  /* Not a scroll container here: a sticky title inside one was pushed down by its offset over
     the column's first messages; against the window it sticks under the tabs. */
  .columns { display: block; overflow: visible; }
  .col { display: none; border-right: 0; }
  .col h2 { top: 41px; }
  .tabs { display: flex; position: sticky; top: 0; z-index: 3; height: 41px; box-sizing: border-box; align-items: center; gap: 6px; padding: 0 8px; overflow-x: auto; background: #2b2d31; border-bottom: 1px solid #1f2023; }
  .tabs label { padding: 3px 10px; border-radius: 12px; background: #4e5058; color: #f2f3f5; white-space: nowrap; font-size: 13px; cursor: pointer; }
  .msg { padding: 6px 8px; gap: 8px; }
  .avatar { flex-basis: 28px; height: 28px; }
  .action { padding-left: 44px; }
  .threadname { padding-left: 44px; }
  .embed, details.select { max-width: none; min-width: 0; }
}
"#;

/// The widest window shown as a phone: one column at a time (the `@media` rule in [`CSS`]).
const PHONE_MAX: usize = 700;

/// The narrowest a column may be beside others: a 34-column code block (13 px monospace,
/// about 266 px) in an embed in a message, with the avatar and paddings, without scrolling.
const COLUMN_MIN: usize = 400;

/// Between a phone and a window that holds every column: two columns, the channel and the
/// player whose tab is chosen.
const TWO_COLUMNS: &str = ".columns { grid-template-columns: repeat(2, minmax(0, 1fr)); } .col { display: none; } .col:first-child { display: block; } .col h2 { top: 41px; } .tabs { display: flex; position: sticky; top: 0; z-index: 3; height: 41px; box-sizing: border-box; align-items: center; gap: 6px; padding: 0 8px; overflow-x: auto; background: #2b2d31; border-bottom: 1px solid #1f2023; } .tabs label { padding: 3px 10px; border-radius: 12px; background: #4e5058; color: #f2f3f5; white-space: nowrap; font-size: 13px; cursor: pointer; } .tabs label[for=col0] { display: none; }";

/// The page, self-contained (pictures inlined), its frame in English.
pub fn render(fake: &FakeDiscord, title: &str) -> String {
    render_page(fake, title, Locale::En, &mut Pictures::Inline)
}

fn render_page(fake: &FakeDiscord, title: &str, locale: Locale, pictures: &mut Pictures) -> String {
    let frame = Frame {
        ja: locale == Locale::Ja,
    };
    let log = fake.log();
    let users: Vec<(u64, String)> = fake.users();
    let channels: HashMap<u64, String> = fake.with(|w| {
        w.channels
            .values()
            .map(|c| (c.id, c.name.clone()))
            .collect()
    });
    let dm_owner: HashMap<u64, u64> = fake.dm_users();
    let main_channel = fake.with(|w| {
        w.channels
            .values()
            .find(|c| c.kind == ChannelKind::Text)
            .map_or_else(|| "channel".to_string(), |c| c.name.clone())
    });
    let threads: HashMap<u64, String> = fake.with(|w| {
        w.channels
            .values()
            .filter(|c| matches!(c.kind, ChannelKind::Thread { .. }))
            .map(|c| (c.id, c.name.clone()))
            .collect()
    });
    let names = Names {
        users: users.iter().cloned().collect(),
        channels,
    };
    // Users who did something get a column, in order of first action.
    let mut order: Vec<u64> = Vec::new();
    for e in &log {
        if let LogKind::Action { user, .. } = e.kind
            && !order.contains(&user)
        {
            order.push(user);
        }
    }
    let audience = |m: &MsgRec| {
        m.ephemeral_for
            .or_else(|| dm_owner.get(&m.channel_id).copied())
    };
    // Channel messages: shown once, at their first appearance, in their last version.
    let mut last: HashMap<u64, (MsgRec, u32)> = HashMap::new();
    for e in &log {
        if let LogKind::Message { msg, .. } = &e.kind
            && audience(msg).is_none()
        {
            let versions = last.get(&msg.id).map_or(0, |(_, n)| *n) + 1;
            last.insert(msg.id, ((**msg).clone(), versions));
        }
    }
    // A channel message edited many times (the table message) also shows a few of its
    // versions where they happened, marked as such, so a reader sees it change during play:
    // the versions a quarter, half and three quarters of the way through its edits.
    let snapshots = |versions: u32| -> Vec<u32> {
        if versions < 8 {
            return Vec::new();
        }
        let mut at: Vec<u32> = [1, 2, 3].iter().map(|q| 1 + versions * q / 4).collect();
        at.dedup();
        at
    };
    let mut version_now: HashMap<u64, u32> = HashMap::new();
    let mut channel_col = String::new();
    let mut columns: BTreeMap<usize, String> = BTreeMap::new();
    let mut deleted: Vec<u64> = Vec::new();
    // Per private column, the selects of its last message (see `components`).
    let mut selects: HashMap<usize, Vec<String>> = HashMap::new();
    for e in &log {
        match &e.kind {
            LogKind::Note(n) => {
                let _ = write!(channel_col, "<div class=\"note\">{}</div>", esc(n));
            }
            LogKind::Deleted { id } => deleted.push(*id),
            LogKind::Action { user, what, place } => {
                let k = order.iter().position(|u| u == user).unwrap_or(0);
                let verb = if what.starts_with('/') {
                    frame.say("used", "使用")
                } else {
                    frame.say("clicked", "クリック")
                };
                let where_ = match place {
                    Place::Channel => frame.say(" in the channel", "（チャンネル）"),
                    Place::Thread => frame.say(" in the thread", "（スレッド）"),
                    Place::Ephemeral => "",
                    Place::Dm => frame.say(" in DMs", "（DM）"),
                };
                let _ = write!(
                    columns.entry(k).or_default(),
                    "<div class=\"action\">{}: {verb} <b>{}</b>{where_} <span class=\"time\">{}</span></div>",
                    esc(&names.user(*user)),
                    esc(what),
                    clock(e.ms)
                );
            }
            LogKind::Message { msg, new } => match audience(msg) {
                Some(u) => {
                    let k = order.iter().position(|x| *x == u).unwrap_or_else(|| {
                        order.push(u);
                        order.len() - 1
                    });
                    let place = if msg.ephemeral_for.is_some() {
                        Place::Ephemeral
                    } else {
                        Place::Dm
                    };
                    let v = MessageView::from_rec(msg, place);
                    let note = if *new {
                        ""
                    } else {
                        frame.say("(updated)", "（更新）")
                    };
                    columns.entry(k).or_default().push_str(&message(
                        &v,
                        e.ms,
                        &names,
                        note,
                        pictures,
                        &frame,
                        Some(selects.entry(k).or_default()),
                    ));
                }
                None if *new => {
                    let Some((fin, versions)) = last.get(&msg.id) else {
                        continue;
                    };
                    let place = if threads.contains_key(&fin.channel_id) {
                        Place::Thread
                    } else {
                        Place::Channel
                    };
                    let v = MessageView::from_rec(fin, place);
                    let mut note = String::new();
                    if *versions > 1 {
                        note = if frame.ja {
                            format!("（{}回編集、最後の版）", versions - 1)
                        } else if *versions == 2 {
                            "(edited once; last version shown)".to_string()
                        } else {
                            format!("(edited {} times; last version shown)", versions - 1)
                        };
                    }
                    if deleted.contains(&msg.id) || fin.deleted {
                        note.push_str(frame.say(" (deleted)", "（削除済み）"));
                    }
                    let block = message(&v, e.ms, &names, &note, pictures, &frame, None);
                    match threads.get(&fin.channel_id) {
                        Some(t) => {
                            let _ = write!(
                                channel_col,
                                "<div class=\"thread\"><div class=\"threadname\">🧵 {}</div>{block}</div>",
                                esc(t)
                            );
                        }
                        None => channel_col.push_str(&block),
                    }
                }
                None => {
                    // An edit of a channel message: one of its marked versions, or nothing.
                    let Some((fin, versions)) = last.get(&msg.id) else {
                        continue;
                    };
                    let k = {
                        let n = version_now.entry(msg.id).or_insert(1);
                        *n += 1;
                        *n
                    };
                    if !snapshots(*versions).contains(&k) || threads.contains_key(&fin.channel_id) {
                        continue;
                    }
                    let note = if frame.ja {
                        format!("（途中の版：全{}版のうち第{}版）", versions, k)
                    } else {
                        format!("(an earlier version: {k} of {versions})")
                    };
                    let v = MessageView::from_rec(msg, Place::Channel);
                    let block = message(&v, e.ms, &names, &note, pictures, &frame, None);
                    let _ = write!(channel_col, "<div class=\"version\">{block}</div>");
                }
            },
        }
    }
    let mut html = String::new();
    // On a phone one column shows at a time: the rules that show column k when its tab is
    // chosen.
    let mut picks = String::from("@media (max-width: 700px) {");
    for k in 0..=order.len() {
        let _ = write!(
            picks,
            " #col{k}:checked ~ .columns > .col:nth-child({}) {{ display: block; }} #col{k}:checked ~ .tabs label[for=col{k}] {{ background: #5865f2; }}",
            k + 1
        );
    }
    picks.push_str(" }");
    // Wider than a phone, every column side by side when each gets COLUMN_MIN px; in between,
    // the channel beside one player's column, chosen with the tabs (the channel's own tab
    // hidden; with it chosen, the first player shows). Neither lets the page or a column
    // reach past the window (fixed-width columns in a sideways-scrolling strip pushed the
    // last column out of a 1,280 px window).
    let count = order.len() + 1;
    let _ = write!(
        picks,
        " .columns {{ grid-template-columns: repeat({count}, minmax(0, 1fr)); }}"
    );
    let all_fit = count * COLUMN_MIN;
    if all_fit > PHONE_MAX + 1 {
        let _ = write!(
            picks,
            " @media (min-width: {}px) and (max-width: {}px) {{ {TWO_COLUMNS} #col0:checked ~ .columns > .col:nth-child(2) {{ display: block; }} #col0:checked ~ .tabs label[for=col1] {{ background: #5865f2; }}",
            PHONE_MAX + 1,
            all_fit - 1
        );
        for k in 1..count {
            let _ = write!(
                picks,
                " #col{k}:checked ~ .columns > .col:nth-child({}) {{ display: block; }} #col{k}:checked ~ .tabs label[for=col{k}] {{ background: #5865f2; }}",
                k + 1
            );
        }
        picks.push_str(" }");
    }
    let _ = write!(
        html,
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{CSS}{picks}</style></head><body>",
        frame.say("en", "ja"),
        esc(title)
    );
    let _ = write!(
        html,
        "<header><h1>{}</h1><div class=\"sub\">{}</div></header>",
        esc(title),
        frame.say(
            "A game with Farmhand, played against a fake Discord. First column: the channel and the game's thread (each message in its last version). Other columns: what each player saw privately (ephemeral replies and DMs, every version), after each of their clicks.",
            "Farmhand で遊んだゲームの記録です（相手は本物ではない試験用の Discord）。最初の列：チャンネルとゲームのスレッド（各メッセージの最後の版）。ほかの列：各プレイヤーだけに見えたもの（本人だけに見える返信と DM、すべての版）を、その人のクリックの後に並べています。"
        )
    );
    // The column switch for phones: a radio button per column (the first chosen), then the tabs.
    for k in 0..=order.len() {
        let checked = if k == 0 { " checked" } else { "" };
        let _ = write!(
            html,
            "<input type=\"radio\" class=\"pick\" name=\"col\" id=\"col{k}\"{checked}>"
        );
    }
    html.push_str("<nav class=\"tabs\">");
    let _ = write!(html, "<label for=\"col0\"># {}</label>", esc(&main_channel));
    for (k, u) in order.iter().enumerate() {
        let _ = write!(
            html,
            "<label for=\"col{}\">{}</label>",
            k + 1,
            esc(&names.user(*u))
        );
    }
    html.push_str("</nav>");
    html.push_str("<div class=\"columns\">");
    let _ = write!(
        html,
        "<section class=\"col\"><h2># {}</h2>{channel_col}</section>",
        esc(&main_channel)
    );
    for (k, u) in order.iter().enumerate() {
        let body = columns.remove(&k).unwrap_or_default();
        let _ = write!(
            html,
            "<section class=\"col\"><h2>{} · {}</h2>{body}</section>",
            esc(&names.user(*u)),
            frame.say("private", "本人だけ")
        );
    }
    html.push_str("</div></body></html>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        Names {
            users: [(5, "alice".to_string())].into_iter().collect(),
            channels: [(9, "Fields of Green #1".to_string())]
                .into_iter()
                .collect(),
        }
    }

    #[test]
    fn markdown_renders_code_blocks_styles_and_mentions() {
        let n = names();
        let h = markdown(
            "**Hi** <@5>, see <#9>\n```\nA  B\n1 W3\n```\n`x` *i* a\\*b <3",
            &n,
        );
        assert!(h.contains("<b>Hi</b>"), "{h}");
        assert!(h.contains("@alice"), "{h}");
        assert!(h.contains("#Fields of Green #1"), "{h}");
        assert!(h.contains("<pre class=\"code\">A  B\n1 W3</pre>"), "{h}");
        assert!(h.contains("<code>x</code>"), "{h}");
        assert!(h.contains("<i>i</i>"), "{h}");
        assert!(h.contains("a*b"), "{h}");
        assert!(h.contains("&lt;3"), "{h}");
        assert!(!h.contains("<script"), "{h}");
        let h = markdown("<script>alert(1)</script>", &n);
        assert!(h.starts_with("&lt;script&gt;"), "{h}");
    }
}
