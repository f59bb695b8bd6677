//! Messages as plain data: what the bot will send, built by `ui` from engine views and turned
//! into serenity builders only at the edge (`send`). Being plain data, every message can be
//! checked against Discord's limits in unit tests, without Discord.

/// Discord's limits (docs: "Embed Limits", "Component Reference", "Create Message").
pub mod limits {
    pub const CONTENT: usize = 2000;
    pub const EMBEDS: usize = 10;
    pub const TITLE: usize = 256;
    pub const DESCRIPTION: usize = 4096;
    pub const FIELDS: usize = 25;
    pub const FIELD_NAME: usize = 256;
    pub const FIELD_VALUE: usize = 1024;
    pub const FOOTER: usize = 2048;
    pub const EMBED_TOTAL: usize = 6000;
    pub const ROWS: usize = 5;
    pub const BUTTONS_PER_ROW: usize = 5;
    pub const SELECT_OPTIONS: usize = 25;
    pub const CUSTOM_ID: usize = 100;
    pub const BUTTON_LABEL: usize = 80;
    pub const OPTION_LABEL: usize = 100;
    pub const OPTION_VALUE: usize = 100;
    pub const OPTION_DESCRIPTION: usize = 100;
    pub const PLACEHOLDER: usize = 150;
    /// Attachments per message, and bytes per file for a server without boosts.
    pub const FILES: usize = 10;
    pub const FILE_BYTES: usize = 10 * 1024 * 1024;
    /// The largest request Discord accepts (all files and the JSON together).
    pub const REQUEST_BYTES: usize = 25 * 1024 * 1024;
}

/// Button colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonSpec {
    pub id: String,
    pub label: String,
    pub style: Style,
    pub disabled: bool,
}

impl ButtonSpec {
    /// A button with the custom_id `id` and `label`, the label clipped to Discord's limit.
    pub fn new(id: String, label: &str, style: Style, disabled: bool) -> ButtonSpec {
        ButtonSpec {
            id,
            label: clip(label, limits::BUTTON_LABEL),
            style,
            disabled,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub label: String,
    pub value: String,
    pub description: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectSpec {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<OptionSpec>,
}

/// An action row: up to 5 buttons, or one select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowSpec {
    Buttons(Vec<ButtonSpec>),
    Select(SelectSpec),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldSpec {
    pub name: String,
    pub value: String,
    pub inline: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmbedSpec {
    pub title: String,
    pub description: String,
    pub fields: Vec<FieldSpec>,
    pub footer: Option<String>,
    /// 0xRRGGBB.
    pub color: u32,
    /// The name of one of the message's files, shown as this embed's picture
    /// (`attachment://name`), at the embed's full width: several pictures attached bare are laid
    /// out by Discord as a grid of small tiles.
    pub image: Option<String>,
}

impl EmbedSpec {
    /// The characters of the embed that Discord counts against [`limits::EMBED_TOTAL`]: title,
    /// description, footer, and the fields' names and values.
    pub fn chars(&self) -> usize {
        chars(&self.title)
            + chars(&self.description)
            + self.footer.as_deref().map_or(0, chars)
            + self
                .fields
                .iter()
                .map(|f| chars(&f.name) + chars(&f.value))
                .sum::<usize>()
    }
}

/// A file sent with a message: a picture (PNG) or an export (JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSpec {
    /// The file name players see, e.g. `farms.png`; its extension sets the type Discord shows.
    pub name: String,
    pub bytes: Vec<u8>,
    /// Alt text for screen readers.
    pub description: Option<String>,
}

/// A whole message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageSpec {
    pub content: String,
    pub embeds: Vec<EmbedSpec>,
    pub rows: Vec<RowSpec>,
    /// Users this message may ping (mentions in `content`); everyone else is not pinged.
    pub ping: Vec<u64>,
    /// Attachments. An edit with none removes the message's earlier ones (a redrawn screen must
    /// not keep an old picture).
    pub files: Vec<FileSpec>,
}

impl MessageSpec {
    /// The message without its files (the bot may not attach files here): the embeds that only
    /// showed a picture go too, and the others lose their picture. The text grids and drawings
    /// say what the pictures showed.
    pub fn drop_files(&mut self) {
        self.files.clear();
        self.embeds.retain(|e| {
            e.image.is_none()
                || !(e.title.is_empty()
                    && e.description.is_empty()
                    && e.fields.is_empty()
                    && e.footer.is_none())
        });
        for e in &mut self.embeds {
            e.image = None;
        }
    }
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Checks a message against Discord's limits; the error names the first limit broken.
pub fn check(m: &MessageSpec) -> Result<(), String> {
    use limits::*;
    if chars(&m.content) > CONTENT {
        return Err(format!("content has {} characters", chars(&m.content)));
    }
    if m.content.is_empty() && m.embeds.is_empty() && m.rows.is_empty() && m.files.is_empty() {
        return Err("empty message".into());
    }
    if m.files.len() > FILES {
        return Err(format!("{} files", m.files.len()));
    }
    for f in &m.files {
        if f.bytes.len() > FILE_BYTES {
            return Err(format!("file {} has {} bytes", f.name, f.bytes.len()));
        }
    }
    let total: usize = m.files.iter().map(|f| f.bytes.len()).sum();
    if total > REQUEST_BYTES {
        return Err(format!("files total {total} bytes"));
    }
    if m.embeds.len() > EMBEDS {
        return Err(format!("{} embeds", m.embeds.len()));
    }
    for e in &m.embeds {
        if let Some(name) = &e.image
            && !m.files.iter().any(|f| &f.name == name)
        {
            return Err(format!("embed picture {name} is not attached"));
        }
    }
    let mut total = 0;
    for e in &m.embeds {
        if chars(&e.title) > TITLE {
            return Err(format!("embed title has {} characters", chars(&e.title)));
        }
        if chars(&e.description) > DESCRIPTION {
            return Err(format!(
                "embed description has {} characters",
                chars(&e.description)
            ));
        }
        if e.fields.len() > FIELDS {
            return Err(format!("{} fields", e.fields.len()));
        }
        for f in &e.fields {
            if f.name.is_empty() || chars(&f.name) > FIELD_NAME {
                return Err(format!("field name has {} characters", chars(&f.name)));
            }
            if f.value.is_empty() || chars(&f.value) > FIELD_VALUE {
                return Err(format!(
                    "field {:?} value has {} characters",
                    f.name,
                    chars(&f.value)
                ));
            }
            total += chars(&f.name) + chars(&f.value);
        }
        let footer = e.footer.as_deref().map_or(0, chars);
        if footer > FOOTER {
            return Err(format!("footer has {footer} characters"));
        }
        total += chars(&e.title) + chars(&e.description) + footer;
    }
    if total > EMBED_TOTAL {
        return Err(format!("embeds total {total} characters"));
    }
    if m.rows.len() > ROWS {
        return Err(format!("{} action rows", m.rows.len()));
    }
    let mut ids: Vec<&str> = Vec::new();
    for r in &m.rows {
        match r {
            RowSpec::Buttons(bs) => {
                if bs.is_empty() || bs.len() > BUTTONS_PER_ROW {
                    return Err(format!("a row of {} buttons", bs.len()));
                }
                for b in bs {
                    if b.label.is_empty() || chars(&b.label) > BUTTON_LABEL {
                        return Err(format!("button label {:?}", b.label));
                    }
                    ids.push(&b.id);
                }
            }
            RowSpec::Select(s) => {
                if s.options.is_empty() || s.options.len() > SELECT_OPTIONS {
                    return Err(format!("a select with {} options", s.options.len()));
                }
                if chars(&s.placeholder) > PLACEHOLDER {
                    return Err("select placeholder too long".into());
                }
                let mut values: Vec<&str> = Vec::new();
                for o in &s.options {
                    if o.label.is_empty() || chars(&o.label) > OPTION_LABEL {
                        return Err(format!("option label {:?}", o.label));
                    }
                    if o.value.is_empty() || chars(&o.value) > OPTION_VALUE {
                        return Err(format!("option value {:?}", o.value));
                    }
                    if o.description
                        .as_deref()
                        .is_some_and(|d| chars(d) > OPTION_DESCRIPTION)
                    {
                        return Err(format!("option description of {:?}", o.label));
                    }
                    if values.contains(&o.value.as_str()) {
                        return Err(format!("duplicate option value {:?}", o.value));
                    }
                    values.push(&o.value);
                }
                ids.push(&s.id);
            }
        }
    }
    for (k, id) in ids.iter().enumerate() {
        if id.is_empty() || chars(id) > CUSTOM_ID {
            return Err(format!("custom_id {id:?} has {} characters", chars(id)));
        }
        if ids[..k].contains(id) {
            return Err(format!("duplicate custom_id {id:?}"));
        }
    }
    Ok(())
}

/// `rows` with every component id once (Discord refuses a message with a repeated custom_id):
/// the first of any repeat is kept, and none of the ids in `seen` (those of a row placed
/// elsewhere in the message). A row of buttons left empty, and a select without options, are
/// dropped.
pub fn unique_rows(rows: Vec<RowSpec>, mut seen: Vec<String>) -> Vec<RowSpec> {
    let mut out = Vec::new();
    for r in rows {
        match r {
            RowSpec::Buttons(bs) => {
                let bs: Vec<ButtonSpec> = bs
                    .into_iter()
                    .filter(|b| {
                        let fresh = !seen.contains(&b.id);
                        seen.push(b.id.clone());
                        fresh
                    })
                    .collect();
                if !bs.is_empty() {
                    out.push(RowSpec::Buttons(bs));
                }
            }
            RowSpec::Select(s) => {
                if !seen.contains(&s.id) && !s.options.is_empty() {
                    seen.push(s.id.clone());
                    out.push(RowSpec::Select(s));
                }
            }
        }
    }
    out
}

/// Every text of a message (its content, the embeds' parts, the buttons' labels, the selects'
/// placeholders and options), empty ones included: what the screens' tests and the suite's
/// plain-words checks read.
pub fn texts(m: &MessageSpec) -> Vec<String> {
    let mut parts = vec![m.content.clone()];
    for e in &m.embeds {
        parts.push(e.title.clone());
        parts.push(e.description.clone());
        for f in &e.fields {
            parts.push(f.name.clone());
            parts.push(f.value.clone());
        }
        parts.extend(e.footer.clone());
    }
    for r in &m.rows {
        match r {
            RowSpec::Buttons(bs) => parts.extend(bs.iter().map(|b| b.label.clone())),
            RowSpec::Select(sel) => {
                parts.push(sel.placeholder.clone());
                for o in &sel.options {
                    parts.push(o.label.clone());
                    parts.extend(o.description.clone());
                }
            }
        }
    }
    parts
}

/// [`texts`], one piece a line: what the screens' tests search.
#[cfg(test)]
pub(crate) fn every_text(m: &MessageSpec) -> String {
    texts(m).join("\n")
}

/// Prints `m` under `title` for a look by eye (the ignored tests that show screens): its
/// content, each embed with its fields and footer, each row of buttons (a disabled one marked
/// "off") and each select with its options.
#[cfg(test)]
pub(crate) fn show(title: &str, m: &MessageSpec) {
    println!("======== {title}");
    if !m.content.is_empty() {
        println!("[content] {}", m.content);
    }
    for e in &m.embeds {
        println!("[title] {}", e.title);
        println!("{}", e.description);
        for f in &e.fields {
            println!("[field] {} :: {}", f.name, f.value);
        }
        if let Some(f) = &e.footer {
            println!("[footer] {f}");
        }
    }
    for r in &m.rows {
        match r {
            RowSpec::Buttons(bs) => println!(
                "[buttons] {}",
                bs.iter()
                    .map(|b| format!("[{}{}]", b.label, if b.disabled { " (off)" } else { "" }))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            RowSpec::Select(s) => {
                println!("[select] {} ({} options)", s.placeholder, s.options.len());
                for o in &s.options {
                    println!(
                        "   - {} | {}",
                        o.label,
                        o.description.as_deref().unwrap_or("")
                    );
                }
            }
        }
    }
}

/// The first three words in a row of `words`, joined by spaces: what the screens' tests
/// report as an English sentence left on a Japanese screen. `None` stands for anything that
/// breaks a row (a Japanese character, a code, a number); words that neither count nor break
/// a row are left out of `words` by the caller.
#[cfg(test)]
pub(crate) fn three_in_a_row<'a>(
    words: impl IntoIterator<Item = Option<&'a str>>,
) -> Option<String> {
    let mut row: Vec<&str> = Vec::new();
    for w in words {
        match w {
            Some(w) => {
                row.push(w);
                if row.len() == 3 {
                    return Some(row.join(" "));
                }
            }
            None => row.clear(),
        }
    }
    None
}

/// Cuts `s` to at most `max` characters, ending with an ellipsis when cut.
pub fn clip(s: &str, max: usize) -> String {
    if chars(s) <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(id: &str) -> ButtonSpec {
        ButtonSpec {
            id: id.into(),
            label: "Go".into(),
            style: Style::Primary,
            disabled: false,
        }
    }

    #[test]
    fn limits_are_enforced() {
        let ok = MessageSpec {
            content: "hi".into(),
            ..Default::default()
        };
        assert_eq!(check(&ok), Ok(()));
        let with_embeds = |embeds: Vec<EmbedSpec>| MessageSpec {
            embeds,
            ..Default::default()
        };
        let with_rows = |rows: Vec<RowSpec>| MessageSpec {
            rows,
            ..Default::default()
        };
        let field = |name: String, value: String| FieldSpec {
            name,
            value,
            inline: false,
        };
        let big = EmbedSpec {
            description: "x".repeat(4000),
            title: "t".repeat(200),
            ..Default::default()
        };
        let options = (0..26)
            .map(|i| OptionSpec {
                label: "o".into(),
                value: format!("{i}"),
                description: None,
            })
            .collect();
        // Each message breaks one limit: (the case, the message, words its error must hold).
        let over: Vec<(&str, MessageSpec, &str)> = vec![
            (
                "content of 2001",
                MessageSpec {
                    content: "x".repeat(2001),
                    ..Default::default()
                },
                "",
            ),
            (
                "description of 4097",
                with_embeds(vec![EmbedSpec {
                    description: "x".repeat(4097),
                    ..Default::default()
                }]),
                "",
            ),
            (
                "field value of 1025",
                with_embeds(vec![EmbedSpec {
                    fields: vec![field("n".into(), "x".repeat(1025))],
                    ..Default::default()
                }]),
                "",
            ),
            (
                "26 fields",
                with_embeds(vec![EmbedSpec {
                    fields: (0..26).map(|i| field(format!("{i}"), "v".into())).collect(),
                    ..Default::default()
                }]),
                "",
            ),
            (
                "embeds of 8400 in all",
                with_embeds(vec![big.clone(), big]),
                "total",
            ),
            (
                "6 rows",
                with_rows(
                    (0..6)
                        .map(|i| RowSpec::Buttons(vec![button(&format!("b{i}"))]))
                        .collect(),
                ),
                "",
            ),
            (
                "6 buttons in a row",
                with_rows(vec![RowSpec::Buttons(
                    (0..6).map(|i| button(&format!("b{i}"))).collect(),
                )]),
                "",
            ),
            (
                "one custom_id twice",
                with_rows(vec![RowSpec::Buttons(vec![button("same"), button("same")])]),
                "duplicate",
            ),
            (
                "custom_id of 101",
                with_rows(vec![RowSpec::Buttons(vec![button(&"i".repeat(101))])]),
                "",
            ),
            (
                "button label of 81",
                with_rows(vec![RowSpec::Buttons(vec![ButtonSpec {
                    label: "l".repeat(81),
                    ..button("x")
                }])]),
                "",
            ),
            (
                "26 select options",
                with_rows(vec![RowSpec::Select(SelectSpec {
                    id: "s".into(),
                    placeholder: "p".into(),
                    options,
                })]),
                "",
            ),
        ];
        for (case, m, says) in over {
            match check(&m) {
                Ok(()) => panic!("{case}: the check let it pass"),
                Err(e) => assert!(e.contains(says), "{case}: {e:?} does not say {says:?}"),
            }
        }
    }

    #[test]
    fn an_embed_shows_only_an_attached_picture_and_loses_it_with_the_files() {
        let picture = |name: &str| FileSpec {
            name: name.into(),
            bytes: vec![0; 10],
            description: None,
        };
        let mut m = MessageSpec {
            embeds: vec![
                EmbedSpec {
                    title: "Ada's farm".into(),
                    image: Some("farm-1.png".into()),
                    ..Default::default()
                },
                EmbedSpec {
                    image: Some("farm-2.png".into()),
                    ..Default::default()
                },
            ],
            files: vec![picture("farm-1.png")],
            ..Default::default()
        };
        assert_eq!(
            check(&m),
            Err("embed picture farm-2.png is not attached".into())
        );
        m.files.push(picture("farm-2.png"));
        assert_eq!(check(&m), Ok(()));
        // Without Attach Files: the picture-only embed goes, the other keeps its text.
        m.drop_files();
        assert_eq!(check(&m), Ok(()));
        assert_eq!(m.embeds.len(), 1);
        assert_eq!(m.embeds[0].title, "Ada's farm");
        assert_eq!(m.embeds[0].image, None);
    }

    #[test]
    fn file_limits_are_enforced() {
        let file = |n: usize| FileSpec {
            name: "a.png".into(),
            bytes: vec![0; n],
            description: None,
        };
        let only_file = MessageSpec {
            files: vec![file(10)],
            ..Default::default()
        };
        assert_eq!(check(&only_file), Ok(()));
        let big = MessageSpec {
            files: vec![file(limits::FILE_BYTES + 1)],
            ..Default::default()
        };
        assert!(check(&big).unwrap_err().contains("bytes"));
        let many = MessageSpec {
            files: (0..11).map(|_| file(1)).collect(),
            ..Default::default()
        };
        assert!(check(&many).unwrap_err().contains("11 files"));
        let total = MessageSpec {
            files: (0..3).map(|_| file(limits::FILE_BYTES)).collect(),
            ..Default::default()
        };
        assert!(check(&total).unwrap_err().contains("total"));
    }

    #[test]
    fn clip_keeps_short_text_and_marks_cuts() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abcdef", 4).chars().count(), 4);
    }
}

/// How far down a 390 px phone screen a message's first button starts, estimated from its text
/// (issue 43: a decision panel's buttons start within the first 900 px). The figures are those of
/// Discord's phone client at 390 px, measured on the transcripts' screenshots:
/// - the text column is about 300 px wide (390 less the avatar, margins, the embed's border and
///   padding), which holds about 44 columns of the 14-15 px proportional font (a CJK character
///   counts two columns) and 36 of the 13 px monospaced font of a code block;
/// - a line of text is 20 px tall, a code line 18 px, and a code block adds 16 px of padding;
/// - an embed title wraps at about 40 columns, 22 px a line; the author line, the embed's padding,
///   its footer and the gap above the components take 78 px together.
///
/// Markdown marks (`**`, `*`, `` ` ``, the `> ` of a quote) take no room and are not counted.
pub fn phone_px_before_buttons(m: &MessageSpec) -> u32 {
    fn cols(s: &str) -> usize {
        let plain = s.replace("**", "").replace(['*', '`'], "");
        let plain = plain.strip_prefix("> ").unwrap_or(&plain);
        unicode_width::UnicodeWidthStr::width(plain)
    }
    fn lines(text: &str, per: usize) -> u32 {
        text.lines()
            .map(|l| cols(l).div_ceil(per).max(1) as u32)
            .sum()
    }
    let mut px = 78;
    if !m.content.trim().is_empty() {
        px += 20 * lines(m.content.trim_end(), 44);
    }
    for e in &m.embeds {
        if !e.title.is_empty() {
            px += 22 * lines(&e.title, 40);
        }
        // Code blocks are drawn apart from the prose around them.
        for (i, part) in e.description.split("```").enumerate() {
            if i % 2 == 1 {
                let code = part
                    .strip_prefix('\n')
                    .unwrap_or(part)
                    .trim_end_matches('\n');
                px += 16 + 18 * lines(code, 36);
            } else {
                let prose = part.trim_matches('\n');
                if !prose.is_empty() {
                    px += 20 * lines(prose, 44);
                }
            }
        }
        for f in &e.fields {
            px += 20 * (lines(&f.name, 44) + lines(&f.value, 44));
        }
        if e.image.is_some() {
            // A picture shown at the text column's width: at most 640 px wide drawn at 300 px.
            px += 300;
        }
    }
    px
}

#[cfg(test)]
mod phone_tests {
    use super::*;

    #[test]
    fn the_phone_estimate_counts_wrapped_lines_code_and_chrome() {
        let m = MessageSpec {
            content: "x".repeat(45),
            embeds: vec![EmbedSpec {
                title: "T".into(),
                description: "a\n```\n12\n34\n```\n**b**".into(),
                ..Default::default()
            }],
            ..Default::default()
        };
        // 78 chrome + 2 content lines + 1 title line + prose "a" + code (16 + 2 x 18) + "b".
        assert_eq!(
            phone_px_before_buttons(&m),
            78 + 40 + 22 + 20 + 16 + 36 + 20
        );
        let ja = MessageSpec {
            content: "あ".repeat(23),
            ..Default::default()
        };
        assert_eq!(phone_px_before_buttons(&ja), 78 + 40);
    }
}
