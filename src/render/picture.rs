//! The drawing kit the PNG pictures share: a canvas (tiny-skia) with solid rectangles, polygons
//! and circles, text in the embedded font (ab_glyph), and PNG encoding.
//!
//! The font is DejaVu Sans Condensed Bold, compiled into the binary (`src/render/fonts/`, licence
//! next to it), so a picture looks the same on every host and never depends on system fonts.
//! Condensed, because card names must fit tiles that a phone shows about 100 px wide.
//!
//! Rectangles are drawn without anti-aliasing on whole pixels: tile colours stay exact, which
//! keeps PNGs small (long runs of one colour) and lets tests count a tile's pixels.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use std::sync::OnceLock;
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

static FONT_BYTES: &[u8] = include_bytes!("fonts/DejaVuSansCondensed-Bold.ttf");

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(FONT_BYTES).expect("the embedded font is a valid TrueType file")
    })
}

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    fn color(self) -> Color {
        Color::from_rgba8(self.0, self.1, self.2, 255)
    }
}

/// The largest side a picture may have. Discord shows big images scaled down anyway; a bound
/// keeps a pathological farm (a long line of cards) from allocating an enormous canvas.
pub const MAX_SIDE: u32 = 4096;

/// Why a picture could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the picture would be {0}x{1} pixels, over the {MAX_SIDE} px limit")]
    TooLarge(u32, u32),
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(String),
}

/// A canvas filled with one background colour.
pub struct Canvas {
    pixmap: Pixmap,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Rgb) -> Result<Canvas, PictureError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(PictureError::TooLarge(width, height));
        }
        let mut pixmap = Pixmap::new(width, height).ok_or(PictureError::TooLarge(width, height))?;
        pixmap.fill(background.color());
        Ok(Canvas { pixmap })
    }

    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// A solid rectangle on whole pixels (no anti-aliasing: exact colours).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Rgb) {
        let Some(r) = Rect::from_xywh(x.round(), y.round(), w.round(), h.round()) else {
            return;
        };
        let mut paint = Paint::default();
        paint.set_color(colour.color());
        paint.anti_alias = false;
        self.pixmap
            .fill_rect(r, &paint, Transform::identity(), None);
    }

    /// A rectangle's outline, `width` pixels wide, inside the rectangle.
    pub fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32, colour: Rgb) {
        self.rect(x, y, w, width, colour);
        self.rect(x, y + h - width, w, width, colour);
        self.rect(x, y, width, h, colour);
        self.rect(x + w - width, y, width, h, colour);
    }

    /// A filled polygon (anti-aliased), optionally outlined.
    pub fn polygon(&mut self, points: &[(f32, f32)], fill: Rgb, outline: Option<(Rgb, f32)>) {
        let mut pb = path_through(points);
        pb.close();
        let Some(path) = pb.finish() else { return };
        let mut paint = Paint::default();
        paint.set_color(fill.color());
        paint.anti_alias = true;
        self.pixmap.fill_path(
            &path,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        if let Some((colour, width)) = outline {
            paint.set_color(colour.color());
            let stroke = Stroke {
                width,
                ..Stroke::default()
            };
            self.pixmap
                .stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
    }

    /// An open line through `points` (anti-aliased), `width` pixels wide: a chart's series.
    pub fn polyline(&mut self, points: &[(f32, f32)], width: f32, colour: Rgb) {
        let pb = path_through(points);
        let Some(path) = pb.finish() else { return };
        let mut paint = Paint::default();
        paint.set_color(colour.color());
        paint.anti_alias = true;
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        self.pixmap
            .stroke_path(&path, &paint, &stroke, Transform::identity(), None);
    }

    /// A circle, filled or (with `ring`) outlined with that width.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, colour: Rgb, ring: Option<f32>) {
        let Some(path) = PathBuilder::from_circle(cx, cy, r) else {
            return;
        };
        let mut paint = Paint::default();
        paint.set_color(colour.color());
        paint.anti_alias = true;
        match ring {
            None => self.pixmap.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            ),
            Some(width) => {
                let stroke = Stroke {
                    width,
                    ..Stroke::default()
                };
                self.pixmap
                    .stroke_path(&path, &paint, &stroke, Transform::identity(), None)
            }
        }
    }

    /// Draws `text` with its left end at `x` and its baseline at `y`; returns its width.
    pub fn text(&mut self, x: f32, y: f32, px: f32, colour: Rgb, text: &str) -> f32 {
        let font = font();
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        let data = self.pixmap.data_mut();
        let (glyphs, end) = laid_out(px, text, x);
        for (id, at) in glyphs {
            let glyph = id.with_scale_and_position(PxScale::from(px), point(at, y));
            let Some(outline) = font.outline_glyph(glyph) else {
                continue;
            };
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let px_x = bounds.min.x as i32 + gx as i32;
                let px_y = bounds.min.y as i32 + gy as i32;
                if px_x < 0 || px_y < 0 || px_x >= w || px_y >= h {
                    return;
                }
                // Every pixel under text is opaque (the canvas starts filled), so blending in
                // premultiplied RGBA is a plain mix of the two colours.
                let a = coverage.clamp(0.0, 1.0);
                let k = ((px_y * w + px_x) * 4) as usize;
                for (i, v) in [colour.0, colour.1, colour.2].into_iter().enumerate() {
                    let old = f32::from(data[k + i]);
                    data[k + i] = (old + (f32::from(v) - old) * a).round() as u8;
                }
            });
        }
        end - x
    }

    /// Text centred on `cx`.
    pub fn text_centred(&mut self, cx: f32, y: f32, px: f32, colour: Rgb, text: &str) {
        let w = text_width(px, text);
        self.text(cx - w / 2.0, y, px, colour, text);
    }

    /// Copies another canvas onto this one with its top-left corner at (x, y).
    pub fn paste(&mut self, other: &Canvas, x: i32, y: i32) {
        self.pixmap.draw_pixmap(
            x,
            y,
            other.pixmap.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }

    /// The picture as a PNG file: 8-bit RGB, compressed at deflate level 1.
    ///
    /// RGB, not tiny-skia's RGBA: every canvas is opaque. It starts filled with an opaque colour,
    /// every colour drawn on it is an opaque [`Rgb`] and every canvas pasted onto it is opaque,
    /// so source-over keeps each pixel's alpha at 255 (and its premultiplied colour equal to the
    /// plain one). An alpha channel would add a third to the bytes to compress and nothing to
    /// the picture.
    ///
    /// Level 1, not the encoder's default 6: the pictures are drawn before the bot answers a
    /// click, inside Discord's 3 seconds, on every Farms or Board view. Re-encoding the rulebook
    /// farm of docs/farm.png (1176x1596; `png` at opt-level 3, beside other builds, so only the
    /// ratios mean much): RGBA at level 6 (what tiny-skia wrote) 139 KB in 91 ms, RGB at level 6
    /// 130 KB in 67 ms, RGB at level 1 165 KB in 19 ms, RGB with the fastest encoder (fdeflate)
    /// 197 KB in 9 ms. Level 1 keeps most of the speed for a sixth more bytes: `farmhand bench
    /// render` drew a 4-player game's final farms in about two thirds of the time, 372 KB
    /// against 319 KB (docs/BENCHMARKS.md, "Drawing pictures"), far under Discord's upload limit.
    pub fn png(&self) -> Result<Vec<u8>, PictureError> {
        let rgba = self.pixmap.data();
        // Byte by byte into a buffer of the right size: `extend_from_slice` per pixel is a call
        // to `memcpy` per pixel where the library is built at opt-level 1 (the tests' build;
        // `extend_from_slice`, from here and elsewhere, was 3.8% of four end-to-end tests' CPU
        // under perf). The pixels written are the same.
        let mut rgb = vec![0u8; rgba.len() / 4 * 3];
        for (to, from) in rgb.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
            to[0] = from[0];
            to[1] = from[1];
            to[2] = from[2];
        }
        let encode = |e: png::EncodingError| PictureError::Encode(e.to_string());
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.pixmap.width(), self.pixmap.height());
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(png::DeflateCompression::Level(1));
        let mut writer = encoder.write_header().map_err(encode)?;
        writer.write_image_data(&rgb).map_err(encode)?;
        writer.finish().map_err(encode)?;
        Ok(out)
    }
}

/// Whether the embedded font can draw `c` (not its empty-box glyph).
pub(crate) fn has_glyph(c: char) -> bool {
    font().glyph_id(c).0 != 0
}

/// A path through `points` in order, left open (a polygon closes it).
fn path_through(points: &[(f32, f32)]) -> PathBuilder {
    let mut pb = PathBuilder::new();
    for (k, &(x, y)) in points.iter().enumerate() {
        if k == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb
}

/// The width of `text` at `px` pixels.
pub fn text_width(px: f32, text: &str) -> f32 {
    laid_out(px, text, 0.0).1
}

/// The glyphs of `text` at `px` pixels set from `x` on (kerning included), each with where it
/// starts, and where the text ends.
fn laid_out(px: f32, text: &str, x: f32) -> (Vec<(GlyphId, f32)>, f32) {
    let scaled = font().as_scaled(PxScale::from(px));
    let mut glyphs = Vec::with_capacity(text.len());
    let mut caret = x;
    let mut last = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(prev) = last {
            caret += scaled.kern(prev, id);
        }
        last = Some(id);
        glyphs.push((id, caret));
        caret += scaled.h_advance(id);
    }
    (glyphs, caret)
}

/// Breaks `text` into at most `max_lines` lines no wider than `width` at `px`; words that do not
/// fit are cut with an ellipsis, so nothing spills out of its tile.
pub fn wrap(text: &str, px: f32, width: f32, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if text_width(px, &candidate) <= width || current.is_empty() {
            current = candidate;
        } else {
            lines.push(std::mem::take(&mut current));
            current = word.to_string();
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    let cut = lines.len() > max_lines;
    lines.truncate(max_lines);
    if let Some(last) = lines.last_mut() {
        if cut {
            // Words were dropped: the last line says so even when it fits as it is.
            *last = with_ellipsis(last, px, width);
        } else {
            *last = ellipsize(last, px, width);
        }
    }
    lines
}

/// `text` cut to fit `width` at `px`, ending with an ellipsis when cut.
pub fn ellipsize(text: &str, px: f32, width: f32) -> String {
    if text_width(px, text) <= width {
        return text.to_string();
    }
    with_ellipsis(text, px, width)
}

/// The longest start of `text` that fits `width` at `px` with an ellipsis after it.
fn with_ellipsis(text: &str, px: f32, width: f32) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    loop {
        let s: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if chars.is_empty() || text_width(px, &s) <= width {
            return s;
        }
        chars.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_marks_pixels_and_wrapping_fits() {
        let mut c = Canvas::new(200, 40, Rgb(255, 255, 255)).unwrap();
        let w = c.text(4.0, 30.0, 24.0, Rgb(0, 0, 0), "Wheat");
        assert!(w > 30.0 && w < 120.0, "width {w}");
        let png = c.png().unwrap();
        let back = Pixmap::decode_png(&png).unwrap();
        let dark = back.pixels().iter().filter(|p| p.red() < 100).count();
        assert!(dark > 50, "the word left only {dark} dark pixels");
        let lines = wrap("Very Long Card Name That Never Ends", 18.0, 100.0, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'));
        assert!(lines.iter().all(|l| text_width(18.0, l) <= 100.0));
    }

    /// The PNG is RGB (no alpha) because every canvas stays opaque: anti-aliased edges, text,
    /// rings, outlines and pasted canvases included. Decoded, it gives back every pixel exactly.
    #[test]
    fn the_png_is_opaque_rgb_and_gives_back_every_pixel() {
        let mut c = Canvas::new(160, 120, Rgb(250, 245, 230)).unwrap();
        c.rect(3.5, 4.25, 40.0, 30.0, Rgb(90, 160, 60));
        c.frame(50.0, 5.0, 30.0, 30.0, 2.5, Rgb(20, 20, 120));
        c.polygon(
            &[(90.0, 10.0), (150.0, 30.0), (110.0, 60.0)],
            Rgb(200, 80, 40),
            Some((Rgb(0, 0, 0), 1.5)),
        );
        c.polyline(
            &[(5.0, 100.0), (80.0, 70.0), (150.0, 110.0)],
            3.0,
            Rgb(30, 30, 30),
        );
        c.circle(40.0, 80.0, 17.3, Rgb(240, 200, 0), Some(2.0));
        c.text(60.0, 100.0, 19.0, Rgb(0, 0, 0), "Fields 畑");
        let mut small = Canvas::new(20, 20, Rgb(10, 10, 10)).unwrap();
        small.circle(10.0, 10.0, 6.5, Rgb(255, 255, 255), None);
        c.paste(&small, 130, 90);

        let png = c.png().unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(&png));
        let info = decoder.read_info().unwrap();
        assert_eq!(info.info().color_type, png::ColorType::Rgb);
        let back = Pixmap::decode_png(&png).unwrap();
        assert_eq!((back.width(), back.height()), (160, 120));
        assert!(c.pixmap.pixels().iter().all(|p| p.alpha() == 255));
        assert_eq!(back.data(), c.pixmap.data(), "every pixel, exactly");
    }

    #[test]
    fn oversized_canvases_are_refused() {
        assert!(Canvas::new(MAX_SIDE + 1, 10, Rgb(0, 0, 0)).is_err());
        assert!(Canvas::new(0, 10, Rgb(0, 0, 0)).is_err());
    }
}
