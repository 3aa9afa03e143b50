//! A scanned page made ready for OCR.
//!
//! Straightened: a page laid a degree off the scanner's glass tilts every row
//! by a text line across its width, and the table reader groups words into
//! rows by their baselines. Ruled: the lines between a table's rows and
//! columns are wiped, since Tesseract reads a rule touching a row as part of
//! it and loses rows or invents letters.
//!
//! The skew is the angle at which the dark pixels' horizontal projection is
//! sharpest (text lines give tall, narrow peaks): a coarse search over ±5°
//! then a fine one, on a copy reduced to about 1,200 pixels wide.

use crate::pdf::Raster;

/// Pixels darker than this are ink for the skew estimate and the blank test.
const INK: u8 = 128;

/// The share of the page's pixels that are ink.
pub(crate) fn ink(raster: &Raster) -> f64 {
    let dark = raster.pixels.iter().filter(|&&p| p < INK).count();
    dark as f64 / raster.pixels.len().max(1) as f64
}

/// The share of the page's pixels that are neither paper nor ink: grey
/// between 100 and 199. On a page of print made flat (see [`flatten`]) they
/// are the edges of letters and the odd grey fill, 1-7% of the page on every
/// scan and phone photo of paper we have; a photo of a screen (moiré, glow)
/// is grey over half of it.
pub(crate) fn grey(raster: &Raster) -> f64 {
    let grey = raster.pixels.iter().filter(|&&p| (100..200).contains(&p)).count();
    grey as f64 / raster.pixels.len().max(1) as f64
}

/// Paper made white and the surround of a photographed page cleared.
///
/// A phone's photo shows grey paper lit unevenly (brighter towards the
/// light, darker in the corners and under the phone's shadow) on a darker
/// table. The paper's brightness is taken block by block (1/8 inch square:
/// the brightest tenth of each block's pixels, then the brightest of each
/// block's neighbours, so a block covered by a bold word takes the paper
/// around it), and every pixel is divided by it: paper becomes white and ink
/// keeps its contrast, in the shadow as in the light. Blocks much darker than
/// the page that reach the image's border are the table around the page:
/// they, and one block more (the page's edge), become white. A scanner's page
/// (white, or evenly tinted) is left nearly as it was.
pub(crate) fn flatten(raster: &mut Raster) {
    let (w, h) = (raster.width as usize, raster.height as usize);
    let block = ((raster.dpi / 8.0).round() as usize).max(8);
    let (bw, bh) = (w.div_ceil(block), h.div_ceil(block));
    if bw < 3 || bh < 3 {
        return;
    }
    // The paper's level in each block: its 90th percentile.
    let mut level = vec![0u8; bw * bh];
    let mut hist = [0u32; 256];
    for by in 0..bh {
        for bx in 0..bw {
            hist.fill(0);
            let (x0, y0) = (bx * block, by * block);
            let (x1, y1) = ((x0 + block).min(w), (y0 + block).min(h));
            for y in y0..y1 {
                for &p in raster.pixels.get(y * w + x0..y * w + x1).unwrap_or_default() {
                    hist[usize::from(p)] += 1;
                }
            }
            let n = ((x1 - x0) * (y1 - y0)) as u32;
            let mut seen = 0;
            let mut v = 255u8;
            for (g, &c) in hist.iter().enumerate().rev() {
                seen += c;
                if seen * 10 >= n {
                    v = g as u8;
                    break;
                }
            }
            level[by * bw + bx] = v;
        }
    }
    // The table around a photographed page: blocks under half the page's
    // level, joined to the border.
    let mut sorted = level.clone();
    sorted.sort_unstable();
    let page = f32::from(sorted.get(sorted.len() * 9 / 10).copied().unwrap_or(255));
    let dark = |b: usize| f32::from(level.get(b).copied().unwrap_or(255)) < page * 0.5;
    let mut surround = vec![false; bw * bh];
    let mut stack: Vec<usize> = (0..bw)
        .flat_map(|x| [x, (bh - 1) * bw + x])
        .chain((0..bh).flat_map(|y| [y * bw, y * bw + bw - 1]))
        .filter(|&b| dark(b))
        .collect();
    while let Some(b) = stack.pop() {
        if surround[b] {
            continue;
        }
        surround[b] = true;
        let (x, y) = (b % bw, b / bw);
        for (nx, ny) in [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)] {
            if nx < bw && ny < bh && !surround[ny * bw + nx] && dark(ny * bw + nx) {
                stack.push(ny * bw + nx);
            }
        }
    }
    let near = |v: &[bool], x: usize, y: usize| {
        (y.saturating_sub(1)..(y + 2).min(bh))
            .any(|yy| (x.saturating_sub(1)..(x + 2).min(bw)).any(|xx| v[yy * bw + xx]))
    };
    let cleared: Vec<bool> = (0..bw * bh).map(|b| near(&surround, b % bw, b / bw)).collect();
    // The paper: each block's brightest neighbour (the surround left out), smoothed.
    let mut paper = vec![0f32; bw * bh];
    for y in 0..bh {
        for x in 0..bw {
            let mut m = 0u8;
            for yy in y.saturating_sub(1)..(y + 2).min(bh) {
                for xx in x.saturating_sub(1)..(x + 2).min(bw) {
                    if !surround[yy * bw + xx] {
                        m = m.max(level[yy * bw + xx]);
                    }
                }
            }
            paper[y * bw + x] = f32::from(m.max(1));
        }
    }
    let smooth: Vec<f32> = (0..bw * bh)
        .map(|b| {
            let (x, y) = (b % bw, b / bw);
            let mut sum = 0.0;
            let mut n = 0.0;
            for yy in y.saturating_sub(1)..(y + 2).min(bh) {
                for xx in x.saturating_sub(1)..(x + 2).min(bw) {
                    sum += paper[yy * bw + xx];
                    n += 1.0;
                }
            }
            sum / n
        })
        .collect();
    // Each pixel over its paper, the paper interpolated between block centres.
    let half = block as f32 / 2.0;
    for y in 0..h {
        let fy = ((y as f32 + 0.5 - half) / block as f32).clamp(0.0, (bh - 1) as f32);
        let (y0, ty) = (fy.floor() as usize, fy.fract());
        let y1 = (y0 + 1).min(bh - 1);
        let by = y / block;
        for x in 0..w {
            let Some(slot) = raster.pixels.get_mut(y * w + x) else { continue };
            if cleared[by * bw + x / block] {
                *slot = 255;
                continue;
            }
            let fx = ((x as f32 + 0.5 - half) / block as f32).clamp(0.0, (bw - 1) as f32);
            let (x0, tx) = (fx.floor() as usize, fx.fract());
            let x1 = (x0 + 1).min(bw - 1);
            let top = smooth[y0 * bw + x0] * (1.0 - tx) + smooth[y0 * bw + x1] * tx;
            let bottom = smooth[y1 * bw + x0] * (1.0 - tx) + smooth[y1 * bw + x1] * tx;
            let bg = top * (1.0 - ty) + bottom * ty;
            *slot = (f32::from(*slot) * 255.0 / bg).round().clamp(0.0, 255.0) as u8;
        }
    }
}

/// The page's skew in degrees (positive: the text rises to the right, i.e. the
/// page is turned counter-clockwise).
pub(crate) fn skew_degrees(raster: &Raster) -> f32 {
    let step = (raster.width as usize / 1200).max(1);
    let mut dark: Vec<(f32, f32)> = Vec::new();
    for y in (0..raster.height as usize).step_by(step) {
        let row = y * raster.width as usize;
        for x in (0..raster.width as usize).step_by(step) {
            if raster.pixels.get(row + x).is_some_and(|&p| p < INK) {
                dark.push(((x / step) as f32, (y / step) as f32));
            }
        }
    }
    if dark.len() < 200 {
        return 0.0;
    }
    let bins = (raster.height as usize / step) * 2 + 8;
    let mut hist = vec![0u32; bins];
    let offset = (bins / 2) as f32;
    let mut score = |deg: f32| -> f64 {
        hist.iter_mut().for_each(|h| *h = 0);
        let t = deg.to_radians().tan();
        for &(x, y) in &dark {
            // Where the pixel's row meets x = 0 when rows rise by `deg`.
            let b = (y + x * t - (raster.height as usize / step) as f32 / 2.0 + offset) as usize;
            if let Some(h) = hist.get_mut(b) {
                *h += 1;
            }
        }
        hist.iter().map(|&h| f64::from(h) * f64::from(h)).sum()
    };
    let best = |from: f32, to: f32, by: f32, score: &mut dyn FnMut(f32) -> f64| {
        let mut best = (f64::MIN, 0.0f32);
        let mut a = from;
        while a <= to + 1e-4 {
            let s = score(a);
            // Ties (a turn too small to move any pixel's bin) go to the smaller turn.
            if s > best.0 || (s == best.0 && a.abs() < best.1.abs()) {
                best = (s, a);
            }
            a += by;
        }
        best.1
    };
    let coarse = best(-5.0, 5.0, 0.25, &mut score);
    best(coarse - 0.25, coarse + 0.25, 0.025, &mut score)
}

/// The raster turned by `deg` degrees clockwise about its centre (undoing a
/// skew of `deg`), bilinear, white where the turn uncovers paper.
pub(crate) fn rotate(raster: &Raster, deg: f32) -> Raster {
    let (w, h) = (raster.width as usize, raster.height as usize);
    let (sin, cos) = deg.to_radians().sin_cos();
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let mut out = Raster::white(raster.width, raster.height, raster.dpi);
    for y in 0..h {
        let dy = y as f32 + 0.5 - cy;
        for x in 0..w {
            let dx = x as f32 + 0.5 - cx;
            // Source of the output pixel: the inverse (counter-clockwise) turn;
            // with y down, (cos, -sin; sin, cos) turns clockwise on screen.
            let sx = cos * dx + sin * dy + cx - 0.5;
            let sy = -sin * dx + cos * dy + cy - 0.5;
            let (x0, y0) = (sx.floor(), sy.floor());
            let (fx, fy) = (sx - x0, sy - y0);
            let (x0, y0) = (x0 as i64, y0 as i64);
            let p = |xx: i64, yy: i64| f32::from(raster.at(xx, yy));
            let top = p(x0, y0) * (1.0 - fx) + p(x0 + 1, y0) * fx;
            let bottom = p(x0, y0 + 1) * (1.0 - fx) + p(x0 + 1, y0 + 1) * fx;
            if let Some(slot) = out.pixels.get_mut(y * w + x) {
                *slot = (top * (1.0 - fy) + bottom * fy).round().clamp(0.0, 255.0) as u8;
            }
        }
    }
    out
}

/// Wipes the table rules of a straight page: runs of ink longer than 0.6 inch
/// across, or 0.4 inch down (no letter is that long; gaps of two pixels, from
/// noise, do not end a run).
pub(crate) fn remove_rules(raster: &mut Raster) {
    let (w, h) = (raster.width as usize, raster.height as usize);
    let across = (raster.dpi * 0.6) as usize;
    let down = (raster.dpi * 0.4) as usize;
    let dark = |p: u8| p < 160;
    let mut wipe: Vec<(usize, usize)> = Vec::new(); // (start index, end index) along rows
    for y in 0..h {
        let row = y * w;
        let mut start: Option<usize> = None;
        let mut last = 0usize;
        for x in 0..=w {
            let ink = x < w && raster.pixels.get(row + x).is_some_and(|&p| dark(p));
            if ink {
                if start.is_none() {
                    start = Some(x);
                }
                last = x;
            } else if let Some(s) = start
                && (x >= w || x > last + 2)
            {
                if last + 1 - s >= across {
                    wipe.push((row + s, row + last));
                }
                start = None;
            }
        }
    }
    let mut columns: Vec<(usize, usize, usize)> = Vec::new(); // (x, y0, y1)
    for x in 0..w {
        let mut start: Option<usize> = None;
        let mut last = 0usize;
        for y in 0..=h {
            let ink = y < h && raster.pixels.get(y * w + x).is_some_and(|&p| dark(p));
            if ink {
                if start.is_none() {
                    start = Some(y);
                }
                last = y;
            } else if let Some(s) = start
                && (y >= h || y > last + 2)
            {
                if last + 1 - s >= down {
                    columns.push((x, s, last));
                }
                start = None;
            }
        }
    }
    // The rule's grey fringe goes too: a pixel beside it on either side.
    for (a, b) in wipe {
        for shift in [-(w as isize), 0, w as isize] {
            let (a, b) = (a as isize + shift, b as isize + shift);
            if a >= 0
                && let Some(run) = raster.pixels.get_mut(a as usize..=b as usize)
            {
                run.fill(255);
            }
        }
    }
    for (x, y0, y1) in columns {
        for y in y0..=y1 {
            for xx in [x.wrapping_sub(1), x, x + 1] {
                if xx < w
                    && let Some(p) = raster.pixels.get_mut(y * w + xx)
                {
                    *p = 255;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Horizontal bars of ink, as text lines, turned by `deg`.
    fn lines(deg: f32) -> Raster {
        let mut r = Raster::white(800, 600, 100.0);
        for y in (40..560).step_by(30) {
            for x in 50..750 {
                for t in 0..6 {
                    if let Some(p) = r.pixels.get_mut((y + t) * 800 + x) {
                        *p = 0;
                    }
                }
            }
        }
        if deg == 0.0 { r } else { rotate(&r, -deg) }
    }

    #[test]
    fn finds_and_undoes_a_skew() {
        assert!(skew_degrees(&lines(0.0)).abs() < 0.05);
        for deg in [0.8f32, -1.3] {
            let turned = lines(deg);
            let found = skew_degrees(&turned);
            assert!((found - deg).abs() < 0.1, "skew {deg}: found {found}");
            let straight = rotate(&turned, found);
            assert!(skew_degrees(&straight).abs() < 0.1);
        }
        assert!(ink(&Raster::white(10, 10, 72.0)) == 0.0);
    }

    #[test]
    fn a_photographed_page_is_flattened_and_its_surround_cleared() {
        // Grey paper lit from the right inside a dark table, with ink bars.
        let mut r = Raster::white(800, 600, 100.0);
        for y in 0..600 {
            for x in 0..800 {
                let inside = (80..720).contains(&x) && (60..540).contains(&y);
                let paper = if inside { 120.0 + 80.0 * x as f32 / 800.0 } else { 50.0 };
                let ink = inside && (100..700).contains(&x) && y % 30 < 5;
                r.pixels[y * 800 + x] = if ink { paper * 0.2 } else { paper } as u8;
            }
        }
        flatten(&mut r);
        assert_eq!(r.at(10, 10), 255, "the table is cleared");
        assert!(r.at(150, 200) > 230 && r.at(650, 200) > 230, "paper is white");
        assert!(r.at(150, 181) < 70 && r.at(650, 181) < 70, "ink stays dark");
    }

    #[test]
    fn rules_are_wiped_letters_stay() {
        let mut r = lines(0.0);
        // A "letter": a 5 x 8 block.
        for y in 20..28 {
            for x in 10..15 {
                r.pixels[y * 800 + x] = 0;
            }
        }
        remove_rules(&mut r);
        assert_eq!(r.pixels.iter().filter(|&&p| p == 0).count(), 40);
    }
}
