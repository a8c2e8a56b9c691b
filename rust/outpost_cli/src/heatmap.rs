//! Expressive-range heat maps of a survey as one PNG: a column per storey type, a row
//! per pair of metrics (loops x dead_ends, path_detour x open_fraction), each panel a
//! grid of bins coloured by how many layouts fall in it, with the count written in every
//! non-empty bin, labelled axes, and the panel's layout count. Text uses the 8 x 8
//! bitmap font of the `font8x8` crate.
//!
//! Bins are shared by the panels of a row (the same axes for every storey type), from
//! the smallest to the largest value in the whole survey: one bin per value for counts
//! with at most [`MAX_BINS`] values, equal ranges otherwise.

use font8x8::legacy::BASIC_LEGACY;
use outpost_core::StoreyType;
use outpost_core::survey::{Metric, Sample, Survey};
use std::path::Path;

/// The heat maps drawn, as (x axis, y axis).
pub const PAIRS: [(Metric, Metric); 2] = [
    (Metric::Loops, Metric::DeadEnds),
    (Metric::PathDetour, Metric::OpenFraction),
];

/// A sample's value of `metric`: the drawn pairs are metrics every layout has (not
/// `entrance_path`, which only ground floors have), so there is always one.
fn value(sample: &Sample, metric: Metric) -> f64 {
    sample.metrics.get(metric).unwrap_or_default()
}

/// Most bins on an axis.
pub const MAX_BINS: usize = 12;
/// Side of a panel's plot area in pixels.
const PLOT: usize = 432;
/// Left margin of a panel (the y tick labels).
const LEFT: usize = 64;
/// Right margin of a panel.
const RIGHT: usize = 24;
/// Space above a plot (the panel's title lines and the y axis name).
const TOP: usize = 58;
/// Space below a plot (x tick labels and the x axis name).
const BOTTOM: usize = 44;
/// Height of the image's header (title and legend).
const HEADER: usize = 56;
/// Width of one panel.
const PANEL_W: usize = LEFT + PLOT + RIGHT;
/// Height of one panel.
const PANEL_H: usize = TOP + PLOT + BOTTOM;

/// The image's `(width, height)` in pixels: fixed, whatever the survey.
pub const fn image_size() -> (u32, u32) {
    (
        (PANEL_W * StoreyType::ALL.len()) as u32,
        (HEADER + PANEL_H * PAIRS.len()) as u32,
    )
}

const BACKGROUND: [u8; 3] = [0x18, 0x18, 0x1C];
const EMPTY_BIN: [u8; 3] = [0x2A, 0x2A, 0x30];
const TEXT: [u8; 3] = [0xE8, 0xE8, 0xE8];
const DIM: [u8; 3] = [0xA0, 0xA0, 0xA8];

/// An RGB image being drawn.
struct Canvas {
    width: usize,
    height: usize,
    data: Vec<u8>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Self {
        let mut data = Vec::with_capacity(width * height * 3);
        for _ in 0..width * height {
            data.extend_from_slice(&BACKGROUND);
        }
        Canvas {
            width,
            height,
            data,
        }
    }

    fn fill(&mut self, left: usize, top: usize, w: usize, h: usize, colour: [u8; 3]) {
        for row in top..(top + h).min(self.height) {
            for col in left..(left + w).min(self.width) {
                let at = (row * self.width + col) * 3;
                self.data[at..at + 3].copy_from_slice(&colour);
            }
        }
    }

    /// Draws `text` (ASCII; anything else as `?`) with its top-left at (x, y), each font
    /// pixel `scale` pixels wide.
    fn text(&mut self, x: usize, y: usize, text: &str, colour: [u8; 3], scale: usize) {
        for (k, c) in text.chars().enumerate() {
            let glyph = BASIC_LEGACY[if c.is_ascii() {
                c as usize
            } else {
                '?' as usize
            }];
            let gx = x + k * 8 * scale;
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits & (1 << col) != 0 {
                        self.fill(gx + col * scale, y + row * scale, scale, scale, colour);
                    }
                }
            }
        }
    }

    /// [`Canvas::text`] centred on `cx`.
    fn text_centred(&mut self, cx: usize, y: usize, text: &str, colour: [u8; 3]) {
        let w = text.len() * 8;
        self.text(cx.saturating_sub(w / 2), y, text, colour, 1);
    }

    /// [`Canvas::text`] ending at `right`.
    fn text_right(&mut self, right: usize, y: usize, text: &str, colour: [u8; 3]) {
        self.text(right.saturating_sub(text.len() * 8), y, text, colour, 1);
    }
}

/// How one axis maps a metric's values to bins.
#[derive(Clone, Copy, Debug)]
struct Axis {
    metric: Metric,
    lo: f64,
    width: f64,
    bins: usize,
}

impl Axis {
    /// Bins over the values of `metric` in `samples`.
    fn new(metric: Metric, samples: &[Sample]) -> Axis {
        let (lo, hi) = samples
            .iter()
            .map(|s| value(s, metric))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            });
        if samples.is_empty() {
            return Axis {
                metric,
                lo: 0.0,
                width: 1.0,
                bins: 1,
            };
        }
        if metric.is_ratio() {
            let bins = if hi > lo { 10 } else { 1 };
            let width = if hi > lo {
                (hi - lo) / bins as f64
            } else {
                1.0
            };
            Axis {
                metric,
                lo,
                width,
                bins,
            }
        } else {
            let span = (hi - lo) as usize + 1;
            let step = span.div_ceil(MAX_BINS);
            Axis {
                metric,
                lo,
                width: step as f64,
                bins: span.div_ceil(step),
            }
        }
    }

    fn bin(&self, v: f64) -> usize {
        (((v - self.lo) / self.width).floor().max(0.0) as usize).min(self.bins - 1)
    }

    /// The label of bin `k`'s lower edge (ratios), or its first value (counts).
    fn label(&self, k: usize) -> String {
        let v = self.lo + self.width * k as f64;
        if self.metric.is_ratio() {
            format!("{v:.2}")
        } else {
            format!("{v:.0}")
        }
    }

    /// The label of the last bin's upper edge (ratios only).
    fn end_label(&self) -> String {
        format!("{:.2}", self.lo + self.width * self.bins as f64)
    }
}

/// The colour of a bin holding `count` of at most `max` layouts: dark blue to yellow.
fn heat(count: usize, max: usize) -> [u8; 3] {
    if count == 0 {
        return EMPTY_BIN;
    }
    let t = (count as f64 / max.max(1) as f64).sqrt();
    let lerp = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    [lerp(40.0, 250.0), lerp(60.0, 220.0), lerp(140.0, 40.0)]
}

/// Draws one panel with its top-left at (x0, y0).
#[expect(
    clippy::too_many_arguments,
    reason = "one panel's placement, axes and data"
)]
fn panel(
    canvas: &mut Canvas,
    x0: usize,
    y0: usize,
    storey_type: StoreyType,
    samples: &[&Sample],
    ax: Axis,
    ay: Axis,
    max: usize,
) {
    let mut counts = vec![0usize; ax.bins * ay.bins];
    for s in samples {
        let (i, j) = (ax.bin(value(s, ax.metric)), ay.bin(value(s, ay.metric)));
        counts[j * ax.bins + i] += 1;
    }
    canvas.text(
        x0 + LEFT,
        y0 + 4,
        &format!("{storey_type}  n={}", samples.len()),
        TEXT,
        1,
    );
    canvas.text(
        x0 + LEFT,
        y0 + 16,
        &format!("{} x {}", ax.metric, ay.metric),
        DIM,
        1,
    );
    // The y axis's name above the plot, left-aligned with its tick labels.
    canvas.text(x0 + 4, y0 + 30, ay.metric.name(), TEXT, 1);
    let (cw, ch) = (PLOT / ax.bins, PLOT / ay.bins);
    let (px, py) = (x0 + LEFT, y0 + TOP);
    let plot_h = ch * ay.bins;
    for j in 0..ay.bins {
        // Row 0 at the bottom.
        let y = py + plot_h - (j + 1) * ch;
        for i in 0..ax.bins {
            let x = px + i * cw;
            let n = counts[j * ax.bins + i];
            let colour = heat(n, max);
            canvas.fill(x + 1, y + 1, cw - 2, ch - 2, colour);
            if n > 0 {
                let label = n.to_string();
                let bright = u32::from(colour[0]) + u32::from(colour[1]) > 300;
                let ink = if bright { [0x10, 0x10, 0x10] } else { TEXT };
                if label.len() * 8 <= cw - 2 {
                    canvas.text_centred(x + cw / 2, y + ch / 2 - 4, &label, ink);
                }
            }
        }
        canvas.text_right(px - 6, y + ch / 2 - 4, &ay.label(j), DIM);
    }
    if ay.metric.is_ratio() {
        canvas.text_right(px - 6, py + plot_h - ay.bins * ch - 4, &ay.end_label(), DIM);
    }
    // x tick labels: every bin whose label fits, the last always.
    let every = (ax.label(ax.bins - 1).len() * 8 + 8).div_ceil(cw).max(1);
    for i in (0..ax.bins).step_by(every) {
        let x = if ax.metric.is_ratio() {
            px + i * cw
        } else {
            px + i * cw + cw / 2
        };
        canvas.text_centred(x, py + plot_h + 6, &ax.label(i), DIM);
    }
    if ax.metric.is_ratio() {
        canvas.text_centred(px + ax.bins * cw, py + plot_h + 6, &ax.end_label(), DIM);
    }
    canvas.text_centred(px + PLOT / 2, py + plot_h + 24, ax.metric.name(), TEXT);
}

/// Draws the survey's heat maps and writes them as an 8-bit RGB PNG to `path`.
pub fn write_png(survey: &Survey, path: &Path) -> Result<(), String> {
    let (w, h) = image_size();
    let mut canvas = Canvas::new(w as usize, h as usize);
    let samples = survey.samples();
    canvas.text(
        8,
        8,
        &format!(
            "outpost survey: {} layouts, seed {}, {}",
            survey.generated(),
            survey.base_seed(),
            survey.settings()
        ),
        TEXT,
        2,
    );
    canvas.text(
        8,
        32,
        "each bin: number of layouts (brighter = more); same axes in every column",
        DIM,
        1,
    );
    for (row, &(mx, my)) in PAIRS.iter().enumerate() {
        let (ax, ay) = (Axis::new(mx, samples), Axis::new(my, samples));
        let by_type: Vec<Vec<&Sample>> = StoreyType::ALL
            .iter()
            .map(|&t| samples.iter().filter(|s| s.storey_type == t).collect())
            .collect();
        // One colour scale per row: the fullest bin of any type.
        let max = by_type
            .iter()
            .map(|group| {
                let mut counts = vec![0usize; ax.bins * ay.bins];
                for s in group {
                    let (i, j) = (ax.bin(value(s, mx)), ay.bin(value(s, my)));
                    counts[j * ax.bins + i] += 1;
                }
                counts.into_iter().max().unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        for (col, &t) in StoreyType::ALL.iter().enumerate() {
            panel(
                &mut canvas,
                col * PANEL_W,
                HEADER + row * PANEL_H,
                t,
                &by_type[col],
                ax,
                ay,
                max,
            );
        }
    }
    crate::render_png::write_rgb(path, w, h, &canvas.data)
}
