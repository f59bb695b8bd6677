//! The transcript page (`farmhand demo`'s HTML) opened in a real headless browser (issue 32):
//! at 390 px (a phone) and 1,280 px, in every column (on a phone, each tab in turn), nothing
//! reaches sideways out of its column or the window (code blocks scroll inside themselves), and
//! no title (the page's header, the phone's tabs, a column's title) covers a message.
//!
//! The browser is Debian's chromium (`.ci/chromium` installs it; `FARMHAND_BROWSER` may name
//! another binary). Without one the test skips with a loud note, unless
//! `FARMHAND_REQUIRE_BROWSER=1` (set by `.ci/run` when the install worked), like the PostgreSQL
//! tests. The browser is driven with `--dump-dom`: a wrapper page holds each transcript in a frame
//! of the exact width (a headless window is at least 500 px wide) and a small script measures
//! the framed layout and writes its findings into the DOM.

use crate::e2e::Which;
use farmhand::i18n::Locale;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser to drive, or None (after a loud note) when there is none and none is required.
fn browser() -> Option<PathBuf> {
    let named = std::env::var("FARMHAND_BROWSER")
        .ok()
        .filter(|b| !b.is_empty());
    let found = named.map(PathBuf::from).or_else(|| {
        ["chromium", "chromium-browser", "google-chrome"]
            .iter()
            .find_map(|b| {
                let out = Command::new("sh")
                    .args(["-c", &format!("command -v {b}")])
                    .output()
                    .ok()?;
                let p = String::from_utf8_lossy(&out.stdout).trim().to_string();
                (out.status.success() && !p.is_empty()).then(|| PathBuf::from(p))
            })
    });
    if found.is_none() {
        if std::env::var("FARMHAND_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            panic!("FARMHAND_REQUIRE_BROWSER=1 but no chromium was found (see .ci/chromium)");
        }
        eprintln!(
            "\n*** transcript_browser: SKIPPED, no headless browser (chromium) found; \
             install one with .ci/chromium, or set FARMHAND_BROWSER ***\n"
        );
    }
    found
}

/// The script of a wrapper page that shows each transcript in a frame of the width under test
/// (headless chromium's window may not go below 500 px, and the frame's width is the page's
/// window, so its media queries and layout are those of that width). On load, for each
/// transcript and each column that can be shown (with tabs, each tab chosen in turn): the page
/// and every column stay within the window, every message part lies within its column (code
/// blocks excepted: they scroll inside themselves), and no title (the page's header, the tabs,
/// a column's title) overlaps a message. Its findings go into `<pre id="farmhand-check">` as
/// JSON, one entry per frame.
const CHECK: &str = r#"<script>
window.addEventListener('load', () => {
  const all = [];
  for (const frame of document.querySelectorAll('iframe')) {
    const doc = frame.contentDocument;
    const win = frame.contentWindow;
    const style = (el) => win.getComputedStyle(el);
    const W = doc.documentElement.clientWidth;
    const out = { page: frame.dataset.name, width: W, columns: 0, messages: 0, overflow: [], covered: [] };
    const meets = (a, b) => a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0 &&
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const what = (el) => (el.className || el.tagName) + ': ' + (el.textContent || '').trim().slice(0, 60);
    const tabs = doc.querySelector('.tabs');
    const tabbed = tabs && style(tabs).display !== 'none';
    const passes = tabbed ? [...doc.querySelectorAll('input.pick')] : [null];
    for (const pick of passes) {
      if (pick) { pick.checked = true; }
      win.scrollTo(0, 0);
      const at = pick ? ' (tab ' + pick.id + ')' : '';
      const page = doc.documentElement.scrollWidth;
      if (page > W + 1) { out.overflow.push('the page is ' + page + ' px wide in a ' + W + ' px window' + at); }
      const titles = [doc.querySelector('header'), tabs].filter((t) => t && style(t).display !== 'none');
      for (const col of doc.querySelectorAll('.col')) {
        if (col.offsetParent === null) { continue; }
        out.columns++;
        const c = col.getBoundingClientRect();
        if (c.left < -1 || c.right > W + 1) {
          out.overflow.push('the column ' + what(col.querySelector('h2')) + ' spans ' + Math.round(c.left) + '..' + Math.round(c.right) + ' in a ' + W + ' px window' + at);
        }
        const left = Math.max(c.left, 0);
        const right = Math.min(c.right, W);
        for (const el of col.querySelectorAll('.msg, .action, .note, .embed, .row, .row button, .attach img, .eimage img, .select, .content, .edesc, .field')) {
          if (el.closest('pre.code')) { continue; }
          const r = el.getBoundingClientRect();
          if (r.width === 0) { continue; }
          if (r.right > right + 1 || r.left < left - 1) {
            out.overflow.push(what(el) + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' in a column ' + Math.round(left) + '..' + Math.round(right) + at);
          }
          // Content wider than its own box (a long word) spills out even when the box fits.
          if (el.scrollWidth > el.clientWidth + 1 && style(el).overflowX === 'visible' && el.clientWidth > 0) {
            out.overflow.push(what(el) + ': its content is ' + el.scrollWidth + ' px wide in ' + el.clientWidth + ' px' + at);
          }
        }
        const own = [...titles, col.querySelector('h2')].filter(Boolean).map((t) => [t, t.getBoundingClientRect()]);
        for (const m of col.querySelectorAll('.msg, .action, .note')) {
          out.messages++;
          const r = m.getBoundingClientRect();
          for (const [t, tr] of own) {
            if (meets(tr, r)) { out.covered.push(what(t) + ' covers ' + what(m) + at); }
          }
        }
      }
    }
    out.overflow = out.overflow.slice(0, 20);
    out.covered = out.covered.slice(0, 20);
    all.push(out);
  }
  const pre = document.createElement('pre');
  pre.id = 'farmhand-check';
  pre.textContent = JSON.stringify(all);
  document.body.appendChild(pre);
});
</script>"#;

/// What the script found in one transcript at one width.
#[derive(Debug, serde::Deserialize)]
struct Found {
    page: String,
    width: u32,
    columns: u32,
    messages: u32,
    overflow: Vec<String>,
    covered: Vec<String>,
}

/// Opens `pages` (beside each other in one folder), each in a frame `width` px wide, with the
/// check script, in one run of the browser, and returns what it found in each.
fn open(browser: &Path, pages: &[PathBuf], width: u32) -> Vec<Found> {
    let dir = pages[0].parent().unwrap();
    let mut wrapper = String::from("<!doctype html><html><body style=\"margin:0\">");
    for page in pages {
        let name = page.file_name().unwrap().to_string_lossy();
        wrapper.push_str(&format!(
            "<iframe data-name=\"{name}\" src=\"{name}\" style=\"display:block;border:0;width:{width}px;height:1200px\"></iframe>"
        ));
    }
    wrapper.push_str(CHECK);
    wrapper.push_str("</body></html>");
    let checked = dir.join(format!("check-{width}.html"));
    std::fs::write(&checked, wrapper).unwrap();
    let profile = dir.join(format!("profile-{width}"));
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            // The check reads the framed pages (all are local files).
            "--allow-file-access-from-files",
            &format!("--user-data-dir={}", profile.display()),
            &format!("--window-size={},1600", width.max(500) + 40),
            "--virtual-time-budget=10000",
            "--dump-dom",
        ])
        .arg(format!("file://{}", checked.display()))
        .output()
        .expect("run the browser");
    let dom = String::from_utf8_lossy(&out.stdout);
    let json = dom
        .split("<pre id=\"farmhand-check\">")
        .nth(1)
        .and_then(|s| s.split("</pre>").next())
        .unwrap_or_else(|| {
            panic!(
                "the check did not run at {width} px: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    let json = json
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// A short game of each kind (two players, the second in DMs, so every kind of message is
/// there: the channel, the thread, ephemeral panels, DMs, pictures), its transcript in each
/// language, opened at both widths.
#[tokio::test]
async fn the_transcript_reads_at_390_and_1280_px() {
    let Some(browser) = browser() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("farmhand-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut pages = Vec::new();
    for (which, tag) in [(Which::FieldsOfGreen, "fog"), (Which::KeyHarvest, "kh")] {
        let mut g = which
            .new_game(&format!("browser-{tag}"), 2, "", &[1], 7)
            .await;
        g.driver.play_until(|n| n >= 40).await.unwrap();
        assert!(g.fake.settle().await);
        for (locale, lang) in [(Locale::En, "en"), (Locale::Ja, "ja")] {
            let page = dir.join(format!("{tag}-{lang}.html"));
            farmhand::fake_discord::transcript::write_in(&g.fake, tag, &page, locale).unwrap();
            let html = std::fs::read_to_string(&page).unwrap();
            assert!(
                html.contains(&format!("<html lang=\"{lang}\">")),
                "the page's language"
            );
            pages.push(page);
        }
        g.stop().await;
    }
    for width in [390, 1280] {
        let found = open(&browser, &pages, width);
        assert_eq!(found.len(), pages.len(), "{found:?}");
        for f in &found {
            println!("{width} px: {f:?}");
            let at = format!("{} at {width} px", f.page);
            assert_eq!(f.width, width, "{at}: the window is {width} px wide");
            // Three columns (the channel, two players), each tab's pass counted at 390 px.
            assert!(f.columns >= 3 && f.messages > 50, "{at}: {f:?}");
            assert!(f.overflow.is_empty(), "{at}: sideways: {:#?}", f.overflow);
            assert!(f.covered.is_empty(), "{at}: covered: {:#?}", f.covered);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
