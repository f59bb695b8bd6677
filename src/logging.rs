//! The bot's log: lines for people, or JSON objects (one a line) for log collectors
//! (`log.format`), and never the token: every line passes through [`crate::secret::redact`]
//! before it is written, whatever field or message carried it.

pub mod closes;

use std::io::Write;
use tracing_subscriber::fmt::MakeWriter;

/// A [`MakeWriter`] whose writers hold an event's text and write it, redacted, when dropped:
/// tracing's formatter makes one writer per event, so a secret is never split between writes.
pub struct Redacting<M>(pub M);

/// One event's text on its way to the inner writer.
pub struct Line<W: Write> {
    text: Vec<u8>,
    inner: W,
}

impl<W: Write> Write for Line<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.text.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<W: Write> Drop for Line<W> {
    fn drop(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let text = crate::secret::redact(&String::from_utf8_lossy(&self.text));
        // A log line that cannot be written has nowhere else to go.
        let _ = self.inner.write_all(text.as_bytes());
        let _ = self.inner.flush();
    }
}

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for Redacting<M> {
    type Writer = Line<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        Line {
            text: Vec::new(),
            inner: self.0.make_writer(),
        }
    }
}

/// Installs the log for `farmhand run`: `format` is `log.format` (`"text"` or `"json"`), on
/// stdout, redacted. Colours only for text on a terminal: a log file, a pipe or the journal
/// gets plain text. `filter` is the log's own: beside it runs the watch for gateway close code
/// 4011 ([`closes`]), which must see serenity's errors whatever the log shows.
pub fn init(filter: tracing_subscriber::EnvFilter, format: &str) {
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let writer = Redacting(std::io::stdout);
    let log = tracing_subscriber::fmt::layer().with_writer(writer);
    let log = if format == "json" {
        log.json()
            .with_current_span(true)
            .flatten_event(true)
            .with_filter(filter)
            .boxed()
    } else {
        log.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
            .with_filter(filter)
            .boxed()
    };
    tracing_subscriber::registry()
        .with(log)
        .with(closes::layer())
        .init();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Issue 28: a token in any log field is redacted, and `log.format = "json"` writes one
    /// JSON object a line with the event's fields.
    #[test]
    fn log_lines_are_redacted_and_json_on_request() {
        let sink = Sink::default();
        let token = format!("{}.{}.{}", "M".repeat(24), "G".repeat(6), "h".repeat(38));
        let make = {
            let sink = sink.clone();
            move || sink.clone()
        };
        let subscriber = tracing_subscriber::fmt()
            .with_writer(Redacting(make))
            .json()
            .flatten_event(true)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(database = %token, games = 3, "database ready");
            tracing::warn!("second line");
        });
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert!(!text.contains(&token), "{text}");
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
            .collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert_eq!(lines[0]["message"], "database ready");
        assert_eq!(lines[0]["database"], "[redacted]");
        assert_eq!(lines[0]["games"], 3);
        assert_eq!(lines[0]["level"], "INFO");
        assert_eq!(lines[1]["level"], "WARN");
    }
}
