//! File uploads as Discord takes them (docs: "Uploading Files"): a `multipart/form-data` body
//! with the JSON payload in a `payload_json` part and each file in a `files[n]` part, the
//! payload's `attachments` array naming files by that `n`. Used by create message, edit message,
//! interaction responses and follow-ups alike.
//!
//! The limits are checked as Discord checks them: more than 10 files is a 400 (code 30015), a
//! file over the upload limit or a request over 25 MiB is a 413 (code 40005).

use axum::body::Bytes;
use serde_json::{Value, json};

/// Files per message.
pub const MAX_FILES: usize = 10;
/// Bytes per file: the limit of a server without boosts (also sent to the bot as the
/// interaction's `attachment_size_limit`).
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Bytes per request, files and JSON together.
pub const MAX_REQUEST_BYTES: usize = 25 * 1024 * 1024;

/// One `files[n]` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    /// The `n` of `files[n]`, which the payload's `attachments` refer to.
    pub index: u64,
    pub filename: String,
    pub content_type: String,
    pub bytes: Bytes,
}

/// An attachment as stored on a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub id: u64,
    pub filename: String,
    pub content_type: String,
    pub description: Option<String>,
    /// The file's size as uploaded (kept when the bytes are dropped, see `World::record`).
    pub size: usize,
    pub bytes: Bytes,
}

/// A multipart body taken apart.
#[derive(Debug, Default)]
pub struct Form {
    pub payload: Option<Value>,
    pub files: Vec<Upload>,
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (from..=hay.len() - needle.len()).find(|&i| &hay[i..i + needle.len()] == needle)
}

/// A parameter of a header value: `name="files[0]"` in a Content-Disposition.
fn param(header: &str, name: &str) -> Option<String> {
    header.split(';').find_map(|p| {
        let (k, v) = p.trim().split_once('=')?;
        (k.trim().eq_ignore_ascii_case(name)).then(|| v.trim().trim_matches('"').to_string())
    })
}

/// Takes a `multipart/form-data` body apart. An error says what is malformed.
pub fn parse(content_type: &str, body: &Bytes) -> Result<Form, String> {
    let boundary = param(content_type, "boundary").ok_or("no boundary in the Content-Type")?;
    let delimiter = format!("--{boundary}");
    let d = delimiter.as_bytes();
    let mut pos = find(body, d, 0).ok_or("the body has no boundary line")?;
    let mut form = Form::default();
    loop {
        let after = pos + d.len();
        if body.get(after..after + 2) == Some(&b"--"[..]) {
            return Ok(form);
        }
        let start = after + 2; // past CRLF
        let head_end = find(body, b"\r\n\r\n", start).ok_or("a part has no header end")?;
        let head = std::str::from_utf8(&body[start..head_end])
            .map_err(|_| "a part header is not UTF-8")?;
        let next = find(body, d, head_end + 4).ok_or("the body is not closed by a boundary")?;
        // The part's data ends with the CRLF before the next delimiter.
        let data_end = next
            .checked_sub(2)
            .filter(|&e| e >= head_end + 4)
            .ok_or("a part is cut")?;
        let data = body.slice(head_end + 4..data_end);
        let mut name = None;
        let mut filename = None;
        let mut part_type = "application/octet-stream".to_string();
        for line in head.split("\r\n") {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            if k.trim().eq_ignore_ascii_case("content-disposition") {
                name = param(v, "name");
                filename = param(v, "filename");
            } else if k.trim().eq_ignore_ascii_case("content-type") {
                part_type = v.trim().to_string();
            }
        }
        let name = name.ok_or("a part has no name")?;
        if name == "payload_json" {
            let v: Value = serde_json::from_slice(&data)
                .map_err(|e| format!("payload_json is not JSON: {e}"))?;
            form.payload = Some(v);
        } else if let Some(n) = name
            .strip_prefix("files[")
            .and_then(|r| r.strip_suffix(']'))
        {
            let index = n
                .parse::<u64>()
                .map_err(|_| format!("bad file part name {name:?}"))?;
            form.files.push(Upload {
                index,
                filename: filename.unwrap_or_else(|| format!("file{index}")),
                content_type: part_type,
                bytes: data,
            });
        } else {
            return Err(format!("unexpected part {name:?}"));
        }
        pos = next;
    }
}

/// Discord's answer when the files break a limit: (status, body, what to tell the test).
pub fn check(files: &[Upload], request_bytes: usize) -> Option<(u16, Value, String)> {
    let too_large = || json!({"code": 40005, "message": "Request entity too large"});
    if request_bytes > MAX_REQUEST_BYTES {
        return Some((
            413,
            too_large(),
            format!("request of {request_bytes} bytes (max {MAX_REQUEST_BYTES})"),
        ));
    }
    if let Some(f) = files.iter().find(|f| f.bytes.len() > MAX_FILE_BYTES) {
        return Some((
            413,
            too_large(),
            format!(
                "file {} has {} bytes (max {MAX_FILE_BYTES})",
                f.filename,
                f.bytes.len()
            ),
        ));
    }
    if files.len() > MAX_FILES {
        return Some((
            400,
            json!({"code": 30015, "message": "Maximum number of attachments in a message reached (10)"}),
            format!("{} files (max {MAX_FILES})", files.len()),
        ));
    }
    None
}

/// The attachments a message has after a create or an edit with `payload` and `files`: the
/// payload's `attachments` array, when present, lists what stays (an existing attachment by its
/// id, a new file by its `files[n]` index, with its filename and description); when absent, an
/// edit keeps what the message had and new files are added. `next_id` numbers new attachments.
pub fn apply(
    existing: &[Attachment],
    payload: &Value,
    files: &[Upload],
    mut next_id: impl FnMut() -> u64,
) -> Result<Vec<Attachment>, String> {
    let mut out = Vec::new();
    let new = |u: &Upload, entry: Option<&Value>, id: u64| Attachment {
        id,
        filename: entry
            .and_then(|e| e.get("filename"))
            .and_then(Value::as_str)
            .map_or_else(|| u.filename.clone(), str::to_string),
        content_type: u.content_type.clone(),
        description: entry
            .and_then(|e| e.get("description"))
            .and_then(Value::as_str)
            .map(str::to_string),
        size: u.bytes.len(),
        bytes: u.bytes.clone(),
    };
    match payload.get("attachments").and_then(Value::as_array) {
        Some(list) => {
            let mut used = Vec::new();
            for entry in list {
                let id = match entry.get("id") {
                    Some(Value::String(s)) => s.parse::<u64>().ok(),
                    Some(v) => v.as_u64(),
                    None => None,
                }
                .ok_or("an attachments entry has no id")?;
                if let Some(u) = files.iter().find(|u| u.index == id) {
                    used.push(u.index);
                    out.push(new(u, Some(entry), next_id()));
                } else if let Some(a) = existing.iter().find(|a| a.id == id) {
                    out.push(a.clone());
                } else {
                    return Err(format!(
                        "attachments entry {id} names no file and no attachment"
                    ));
                }
            }
            // Files the list leaves out are still attached (Discord does the same).
            for u in files.iter().filter(|u| !used.contains(&u.index)) {
                out.push(new(u, None, next_id()));
            }
        }
        None => {
            out.extend(existing.iter().cloned());
            for u in files {
                out.push(new(u, None, next_id()));
            }
        }
    }
    if out.len() > MAX_FILES {
        return Err(format!("{} attachments (max {MAX_FILES})", out.len()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(parts: &[(&str, Option<&str>, &[u8])]) -> (String, Bytes) {
        let mut b = Vec::new();
        for (name, file, data) in parts {
            b.extend_from_slice(b"--XyZ\r\n");
            match file {
                Some(f) => b.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{f}\"\r\nContent-Type: image/png\r\n\r\n").as_bytes(),
                ),
                None => b.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
                ),
            }
            b.extend_from_slice(data);
            b.extend_from_slice(b"\r\n");
        }
        b.extend_from_slice(b"--XyZ--\r\n");
        (
            "multipart/form-data; boundary=XyZ".to_string(),
            Bytes::from(b),
        )
    }

    #[test]
    fn parses_payload_and_files_with_binary_data() {
        let png = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0, 255];
        let (ct, b) = body(&[
            ("files[0]", Some("farm.png"), &png[..]),
            (
                "payload_json",
                None,
                &br#"{"content":"hi","attachments":[{"id":0,"filename":"farm.png"}]}"#[..],
            ),
        ]);
        let form = parse(&ct, &b).unwrap();
        assert_eq!(form.payload.as_ref().unwrap()["content"], "hi");
        assert_eq!(form.files.len(), 1);
        assert_eq!(form.files[0].filename, "farm.png");
        assert_eq!(form.files[0].content_type, "image/png");
        assert_eq!(&form.files[0].bytes[..], &png[..]);
        let mut n = 100;
        let atts = apply(&[], form.payload.as_ref().unwrap(), &form.files, || {
            n += 1;
            n
        })
        .unwrap();
        assert_eq!(atts.len(), 1);
        assert_eq!(atts[0].id, 101);
        // An edit listing nothing removes it; an edit without the list keeps it.
        assert!(
            apply(&atts, &json!({"attachments": []}), &[], || 0)
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            apply(&atts, &json!({"content": "x"}), &[], || 0).unwrap(),
            atts
        );
        let keep = json!({"attachments": [{"id": "101"}]});
        assert_eq!(apply(&atts, &keep, &[], || 0).unwrap(), atts);
    }

    #[test]
    fn malformed_bodies_are_refused() {
        assert!(parse("multipart/form-data", &Bytes::from_static(b"x")).is_err());
        let (ct, b) = body(&[("payload_json", None, &b"{not json"[..])]);
        assert!(parse(&ct, &b).unwrap_err().contains("payload_json"));
        let (ct, b) = body(&[("other", None, &b"1"[..])]);
        assert!(parse(&ct, &b).is_err());
        let cut =
            Bytes::from_static(b"--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nabc");
        assert!(parse("multipart/form-data; boundary=XyZ", &cut).is_err());
    }

    #[test]
    fn limits_answer_as_discord_does() {
        let file = |n: usize, i: u64| Upload {
            index: i,
            filename: format!("f{i}.png"),
            content_type: "image/png".into(),
            bytes: Bytes::from(vec![0u8; n]),
        };
        assert!(check(&[file(10, 0)], 100).is_none());
        let (status, body, _) =
            check(&[file(MAX_FILE_BYTES + 1, 0)], MAX_FILE_BYTES + 200).unwrap();
        assert_eq!((status, body["code"].as_u64()), (413, Some(40005)));
        let many: Vec<Upload> = (0..11).map(|i| file(1, i)).collect();
        let (status, body, _) = check(&many, 2000).unwrap();
        assert_eq!((status, body["code"].as_u64()), (400, Some(30015)));
        let (status, _, _) = check(&[file(1, 0)], MAX_REQUEST_BYTES + 1).unwrap();
        assert_eq!(status, 413);
    }
}
