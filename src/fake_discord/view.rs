//! Messages as a user sees them: text, embeds, buttons and selects, in plain Rust types. This is
//! all a scripted player may look at.

use super::record::MsgRec;
use super::upload::Attachment;
use serde_json::Value;

/// Where a message is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Channel,
    Thread,
    /// Only the one user sees it.
    Ephemeral,
    Dm,
}

impl Place {
    pub fn is_private(self) -> bool {
        matches!(self, Place::Ephemeral | Place::Dm)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmbedView {
    pub title: String,
    pub description: String,
    pub fields: Vec<(String, String)>,
    pub footer: String,
    pub color: Option<u32>,
    /// The file named by the embed's picture (`attachment://name`), or its URL.
    pub image: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionView {
    pub label: String,
    pub value: String,
    pub description: String,
}

/// A button or a select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    Button {
        custom_id: String,
        label: String,
        /// 1 primary, 2 secondary, 3 success, 4 danger, 5 link.
        style: u8,
        disabled: bool,
    },
    Select {
        custom_id: String,
        placeholder: String,
        options: Vec<OptionView>,
        disabled: bool,
    },
}

impl Component {
    pub fn custom_id(&self) -> &str {
        match self {
            Component::Button { custom_id, .. } | Component::Select { custom_id, .. } => custom_id,
        }
    }

    pub fn disabled(&self) -> bool {
        match self {
            Component::Button { disabled, .. } | Component::Select { disabled, .. } => *disabled,
        }
    }
}

/// One message, as one user sees it now.
#[derive(Clone, Debug)]
pub struct MessageView {
    pub id: u64,
    pub channel_id: u64,
    pub place: Place,
    pub author: u64,
    pub content: String,
    pub embeds: Vec<EmbedView>,
    pub rows: Vec<Vec<Component>>,
    pub created_ms: i64,
    pub edited_ms: Option<i64>,
    pub edits: u32,
    /// The user whose interaction this message answers.
    pub for_user: Option<u64>,
    /// Users notified when the message was sent.
    pub pings: Vec<u64>,
    /// Files attached (pictures, exports).
    pub attachments: Vec<Attachment>,
}

fn s(v: Option<&Value>) -> String {
    v.and_then(Value::as_str).unwrap_or("").to_string()
}

/// What `read` makes of each item of the array `key` of `v` (an item it cannot read is left
/// out); none when there is no such array.
fn each<T>(v: &Value, key: &str, read: impl Fn(&Value) -> Option<T>) -> Vec<T> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(read).collect())
        .unwrap_or_default()
}

impl MessageView {
    /// The attached PNG pictures.
    pub fn pictures(&self) -> impl Iterator<Item = &Attachment> {
        self.attachments
            .iter()
            .filter(|a| a.content_type == "image/png" || a.filename.ends_with(".png"))
    }

    pub fn from_rec(m: &MsgRec, place: Place) -> MessageView {
        let embeds = m
            .embeds
            .iter()
            .map(|e| EmbedView {
                title: s(e.get("title")),
                description: s(e.get("description")),
                fields: each(e, "fields", |f| Some((s(f.get("name")), s(f.get("value"))))),
                footer: s(e.get("footer").and_then(|f| f.get("text"))),
                color: e.get("color").and_then(Value::as_u64).map(|c| c as u32),
                image: e
                    .get("image")
                    .and_then(|i| i.get("url"))
                    .and_then(Value::as_str)
                    .map(|u| u.strip_prefix("attachment://").unwrap_or(u).to_string()),
            })
            .collect();
        let rows = m
            .components
            .iter()
            .map(|row| each(row, "components", component))
            .collect();
        MessageView {
            id: m.id,
            channel_id: m.channel_id,
            place,
            author: m.author,
            content: m.content.clone(),
            embeds,
            rows,
            created_ms: m.created_ms,
            edited_ms: m.edited_ms,
            edits: m.edits,
            for_user: m.interaction.map(|(_, _, u)| u),
            pings: m.pings.clone(),
            attachments: m.attachments.clone(),
        }
    }

    /// Everything readable in the message: content, embed titles, descriptions, fields, footers,
    /// button labels and select options.
    pub fn text(&self) -> String {
        let mut t = self.content.clone();
        for e in &self.embeds {
            for part in [&e.title, &e.description] {
                t.push('\n');
                t.push_str(part);
            }
            for (n, v) in &e.fields {
                t.push('\n');
                t.push_str(n);
                t.push('\n');
                t.push_str(v);
            }
            t.push('\n');
            t.push_str(&e.footer);
        }
        for c in self.components() {
            match c {
                Component::Button { label, .. } => {
                    t.push('\n');
                    t.push_str(label);
                }
                Component::Select {
                    placeholder,
                    options,
                    ..
                } => {
                    t.push('\n');
                    t.push_str(placeholder);
                    for o in options {
                        t.push('\n');
                        t.push_str(&o.label);
                        t.push('\n');
                        t.push_str(&o.description);
                    }
                }
            }
        }
        t
    }

    pub fn components(&self) -> impl Iterator<Item = &Component> {
        self.rows.iter().flatten()
    }

    /// The first enabled button with this label.
    pub fn button(&self, label: &str) -> Option<&Component> {
        self.components().find(
            |c| matches!(c, Component::Button { label: l, disabled: false, .. } if super::reading::says(l, label)),
        )
    }

    /// The first embed's title, or "".
    pub fn title(&self) -> &str {
        self.embeds.first().map_or("", |e| e.title.as_str())
    }
}

fn component(c: &Value) -> Option<Component> {
    match c.get("type").and_then(Value::as_u64)? {
        2 => Some(Component::Button {
            custom_id: s(c.get("custom_id")),
            label: s(c.get("label")),
            style: c.get("style").and_then(Value::as_u64).unwrap_or(0) as u8,
            disabled: c.get("disabled").and_then(Value::as_bool).unwrap_or(false),
        }),
        3 => Some(Component::Select {
            custom_id: s(c.get("custom_id")),
            placeholder: s(c.get("placeholder")),
            options: each(c, "options", |o| {
                Some(OptionView {
                    label: s(o.get("label")),
                    value: s(o.get("value")),
                    description: s(o.get("description")),
                })
            }),
            disabled: c.get("disabled").and_then(Value::as_bool).unwrap_or(false),
        }),
        _ => None,
    }
}
