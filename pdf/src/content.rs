//! The content-stream interpreter: graphics and text state, the text-showing
//! operators, Form XObjects, and the filled rectangles and images the forensic
//! record needs. Glyphs go to a [`Collector`] that builds words as they come.

use std::collections::HashMap;
use std::rc::Rc;

use lopdf::{Dictionary, Document, Object, ObjectId};

use super::fonts::Font;
use super::lexer::{Lexer, Token};
use super::objects::{Budget, deref, get, get_array, get_dict, get_name, num};
use super::text::{Collector, GlyphIn};
use crate::error::{Limit, Result};

/// An affine matrix `[a b c d e f]` in PDF's row-vector convention.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Matrix {
    pub(crate) a: f32,
    pub(crate) b: f32,
    pub(crate) c: f32,
    pub(crate) d: f32,
    pub(crate) e: f32,
    pub(crate) f: f32,
}

impl Matrix {
    pub(crate) const IDENTITY: Matrix = Matrix { a: 1.0, b: 0.0, c: 0.0, d: 1.0, e: 0.0, f: 0.0 };

    pub(crate) fn new(v: [f32; 6]) -> Matrix {
        Matrix { a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5] }
    }

    /// `self × other`: apply `self` first, then `other`.
    pub(crate) fn then(&self, o: &Matrix) -> Matrix {
        Matrix {
            a: self.a * o.a + self.b * o.c,
            b: self.a * o.b + self.b * o.d,
            c: self.c * o.a + self.d * o.c,
            d: self.c * o.b + self.d * o.d,
            e: self.e * o.a + self.f * o.c + o.e,
            f: self.e * o.b + self.f * o.d + o.f,
        }
    }

    pub(crate) fn apply(&self, x: f32, y: f32) -> (f32, f32) {
        (x * self.a + y * self.c + self.e, x * self.b + y * self.d + self.f)
    }

    fn translate(tx: f32, ty: f32) -> Matrix {
        Matrix { e: tx, f: ty, ..Matrix::IDENTITY }
    }
}

#[derive(Clone, Debug)]
struct GState {
    ctm: Matrix,
    font: Option<Rc<Font>>,
    size: f32,
    char_spacing: f32,
    word_spacing: f32,
    h_scale: f32,
    leading: f32,
    rise: f32,
    render: u8,
    fill_white: bool,
    fill_components: u8,
    /// The clipping region's bounding box on the displayed page, when a clip
    /// path was set (`W n`); glyphs whose centre lies outside are not shown.
    clip: Option<[f32; 4]>,
}

/// Operands between operators; strings are ranges of the scratch buffer.
#[derive(Clone, Copy, Debug)]
enum Operand<'a> {
    Num(f32),
    Name(&'a [u8]),
    Str(usize, usize),
    ArrayStart,
    ArrayEnd,
    Other,
}

/// Widget annotations drawn per page at most.
const MAX_WIDGETS: usize = 20_000;

/// Operands kept at most; a stream that never calls an operator is hostile.
const MAX_OPERANDS: usize = 1 << 16;

/// Fonts read once per pass, by object id.
pub(crate) type FontCache = HashMap<ObjectId, Rc<Font>>;

/// One page's interpretation.
pub(crate) struct Interpreter<'a> {
    doc: &'a Document,
    budget: &'a Budget<'a>,
    fonts: &'a mut FontCache,
    pub(crate) out: &'a mut Collector,
    form_stack: Vec<ObjectId>,
    fallback: Rc<Font>,
    ops_seen: u32,
    /// Content streams seen (page and forms) with a `/TouchUp_TextEdit` marker.
    pub(crate) touchup_markers: u32,
    /// The clip in force where the Form XObject being run was drawn.
    outer_clip: Option<[f32; 4]>,
    /// Optional-content groups off in the document's default configuration
    /// (read once, when the first `/OC` is met).
    ocgs_off: Option<Vec<ObjectId>>,
    /// Marked-content sequences open whose optional content is hidden: while
    /// any is, nothing drawn is seen.
    oc_hidden: u32,
}

impl std::fmt::Debug for Interpreter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interpreter").field("depth", &self.form_stack.len()).finish()
    }
}

impl<'a> Interpreter<'a> {
    pub(crate) fn new(
        doc: &'a Document,
        budget: &'a Budget<'a>,
        fonts: &'a mut FontCache,
        out: &'a mut Collector,
    ) -> Self {
        Interpreter {
            doc,
            budget,
            fonts,
            out,
            form_stack: Vec::new(),
            fallback: Rc::new(Font::fallback()),
            ops_seen: 0,
            touchup_markers: 0,
            outer_clip: None,
            ocgs_off: None,
            oc_hidden: 0,
        }
    }

    /// Interpret one content stream with `resources`, starting from `ctm`.
    pub(crate) fn run(&mut self, content: &[u8], resources: Option<&Dictionary>, ctm: Matrix) -> Result<()> {
        if memchr_find(content, b"TouchUp_TextEdit") {
            self.touchup_markers += 1;
        }
        let mut gs = GState {
            ctm,
            font: None,
            size: 0.0,
            char_spacing: 0.0,
            word_spacing: 0.0,
            h_scale: 1.0,
            leading: 0.0,
            rise: 0.0,
            render: 0,
            fill_white: false,
            fill_components: 1,
            clip: self.outer_clip,
        };
        // The bounding box of the path being built (displayed page), and whether
        // `W`/`W*` made it the next clip.
        let mut path_box: Option<[f32; 4]> = None;
        let mut clip_pending = false;
        let mut stack: Vec<GState> = Vec::new();
        let mut tm = Matrix::IDENTITY;
        let mut tlm = Matrix::IDENTITY;
        let mut path: Vec<[f32; 4]> = Vec::new();
        // The corners of the current subpath when it is built of straight
        // lines only (`m`/`l`): a rectangle drawn as a closed polygon, as
        // LibreOffice and other re-writers draw cell fills, fills like `re`.
        let mut poly: Vec<(f32, f32)> = Vec::new();
        let mut poly_ok = false;
        let mut path_curves: u32 = 0;
        // Straight segments of the path (displayed page), its `re`
        // rectangles, the current point and the subpath's start: what a
        // stroke draws as lines.
        let mut segs: Vec<[f32; 4]> = Vec::new();
        let mut boxes: Vec<[f32; 4]> = Vec::new();
        let mut point: Option<(f32, f32)> = None;
        let mut sub_start: Option<(f32, f32)> = None;
        let mut lx = Lexer::new(content);
        let mut scratch: Vec<u8> = Vec::new();
        let mut ops: Vec<Operand> = Vec::new();
        let mut glyph_text = String::new();
        // Marked-content sequences open (`BMC`/`BDC` .. `EMC`), each with the
        // /ActualText it gives, if any; and the replacement text of the
        // innermost span, until its first glyph takes it.
        let mut marked: Vec<(bool, bool)> = Vec::new();
        let mut actual = ActualText::default();

        while let Some(tok) = lx.next_token(&mut scratch) {
            let op: &[u8] = match tok {
                Token::Number(n) => {
                    ops.push(Operand::Num(n));
                    if ops.len() > MAX_OPERANDS {
                        ops.clear();
                        scratch.clear();
                    }
                    continue;
                }
                Token::Name(n) => {
                    ops.push(Operand::Name(n));
                    continue;
                }
                Token::Str { start, end } => {
                    ops.push(Operand::Str(start, end));
                    continue;
                }
                Token::ArrayStart => {
                    ops.push(Operand::ArrayStart);
                    continue;
                }
                Token::ArrayEnd => {
                    ops.push(Operand::ArrayEnd);
                    continue;
                }
                Token::DictStart | Token::DictEnd => {
                    ops.push(Operand::Other);
                    continue;
                }
                Token::Keyword(k) => k,
            };
            self.ops_seen = self.ops_seen.wrapping_add(1);
            if self.ops_seen.is_multiple_of(4096) {
                self.budget.check_time()?;
            }
            let n = |i: usize| -> f32 {
                match ops.len().checked_sub(i + 1).and_then(|k| ops.get(k)) {
                    Some(Operand::Num(v)) => *v,
                    _ => 0.0,
                }
            };
            match op {
                b"q" if stack.len() < 4096 => stack.push(gs.clone()),
                b"Q" => {
                    if let Some(s) = stack.pop() {
                        gs = s;
                    }
                }
                b"cm" if ops.len() >= 6 => {
                    let m = Matrix::new([n(5), n(4), n(3), n(2), n(1), n(0)]);
                    gs.ctm = m.then(&gs.ctm);
                }
                b"BT" => {
                    tm = Matrix::IDENTITY;
                    tlm = Matrix::IDENTITY;
                }
                b"Tf" => {
                    gs.size = n(0);
                    if let Some(Operand::Name(name)) = ops.len().checked_sub(2).and_then(|k| ops.get(k)) {
                        gs.font = Some(self.font(resources, name)?);
                    }
                }
                b"Tc" => gs.char_spacing = n(0),
                b"Tw" => gs.word_spacing = n(0),
                b"Tz" => gs.h_scale = n(0) / 100.0,
                b"TL" => gs.leading = n(0),
                b"Ts" => gs.rise = n(0),
                b"Tr" => gs.render = n(0).clamp(0.0, 7.0) as u8,
                b"Td" => {
                    tlm = Matrix::translate(n(1), n(0)).then(&tlm);
                    tm = tlm;
                }
                b"TD" => {
                    gs.leading = -n(0);
                    tlm = Matrix::translate(n(1), n(0)).then(&tlm);
                    tm = tlm;
                }
                b"Tm" if ops.len() >= 6 => {
                    tlm = Matrix::new([n(5), n(4), n(3), n(2), n(1), n(0)]);
                    tm = tlm;
                }
                b"T*" => {
                    tlm = Matrix::translate(0.0, -gs.leading).then(&tlm);
                    tm = tlm;
                }
                b"Tj" | b"'" | b"\"" => {
                    if op == b"\"" {
                        gs.word_spacing = n(2);
                        gs.char_spacing = n(1);
                    }
                    if op != b"Tj" {
                        tlm = Matrix::translate(0.0, -gs.leading).then(&tlm);
                        tm = tlm;
                    }
                    if let Some(Operand::Str(s, e)) = ops.last() {
                        let bytes = scratch.get(*s..*e).unwrap_or_default();
                        self.show(&gs, &mut tm, bytes, &mut glyph_text, &mut actual);
                    }
                    self.budget.check_glyphs(u64::from(self.out.glyphs))?;
                }
                b"TJ" => {
                    let mut k = ops.iter().rposition(|o| matches!(o, Operand::ArrayStart)).map_or(0, |p| p + 1);
                    while let Some(o) = ops.get(k) {
                        match *o {
                            Operand::Str(s, e) => {
                                let bytes = scratch.get(s..e).unwrap_or_default();
                                self.show(&gs, &mut tm, bytes, &mut glyph_text, &mut actual);
                            }
                            Operand::Num(v) => {
                                let tx = -v / 1000.0 * gs.size * gs.h_scale;
                                tm = Matrix::translate(tx, 0.0).then(&tm);
                            }
                            _ => {}
                        }
                        k += 1;
                    }
                    self.budget.check_glyphs(u64::from(self.out.glyphs))?;
                }
                b"g" => set_fill(&mut gs, &ops, 1),
                b"rg" => set_fill(&mut gs, &ops, 3),
                b"k" => set_fill(&mut gs, &ops, 4),
                b"sc" | b"scn" => {
                    let comps = gs.fill_components;
                    set_fill(&mut gs, &ops, comps);
                }
                b"cs" => {
                    let comps = match ops.last() {
                        Some(Operand::Name(b"DeviceGray" | b"G" | b"CalGray")) => 1,
                        Some(Operand::Name(b"DeviceCMYK" | b"CMYK")) => 4,
                        Some(Operand::Name(b"DeviceRGB" | b"RGB" | b"CalRGB")) => 3,
                        _ => 0,
                    };
                    gs.fill_components = comps;
                    gs.fill_white = false;
                }
                b"re" if ops.len() >= 4 => {
                    close_polygon(&mut poly, &mut poly_ok, &mut path);
                    let (x, y, w, h) = (n(3), n(2), n(1), n(0));
                    let b = device_bbox(&gs.ctm, x, y, x + w, y + h);
                    if path.len() < 4096 {
                        path.push(b);
                    }
                    if boxes.len() < 4096 {
                        boxes.push(b);
                    }
                    let start = gs.ctm.apply(x, y);
                    point = Some(start);
                    sub_start = Some(start);
                    path_box = Some(union(path_box, b));
                }
                b"m" | b"l" if ops.len() >= 2 => {
                    let (x, y) = gs.ctm.apply(n(1), n(0));
                    path_box = Some(union(path_box, [x, y, x, y]));
                    if op == b"m" {
                        close_polygon(&mut poly, &mut poly_ok, &mut path);
                        poly_ok = true;
                        sub_start = Some((x, y));
                    } else if let Some((px, py)) = point
                        && segs.len() < 4096
                    {
                        segs.push([px, py, x, y]);
                    }
                    point = Some((x, y));
                    if poly.len() < 8 {
                        poly.push((x, y));
                    } else {
                        poly_ok = false;
                    }
                }
                b"h" => {
                    close_polygon(&mut poly, &mut poly_ok, &mut path);
                    if let (Some((px, py)), Some((sx, sy))) = (point, sub_start)
                        && segs.len() < 4096
                    {
                        segs.push([px, py, sx, sy]);
                    }
                    point = sub_start;
                }
                b"c" | b"v" | b"y" if ops.len() >= 4 => {
                    poly_ok = false;
                    path_curves = path_curves.saturating_add(1);
                    // The control points' box holds the curve.
                    for (i, j) in [(1, 0), (3, 2), (5, 4)].into_iter().take(if op == b"c" { 3 } else { 2 }) {
                        let (x, y) = gs.ctm.apply(n(i), n(j));
                        path_box = Some(union(path_box, [x, y, x, y]));
                    }
                    point = Some(gs.ctm.apply(n(1), n(0)));
                }
                b"W" | b"W*" => clip_pending = true,
                b"f" | b"F" | b"f*" | b"B" | b"B*" | b"b" | b"b*" | b"n" | b"S" | b"s" => {
                    close_polygon(&mut poly, &mut poly_ok, &mut path);
                    if matches!(op, b"f" | b"F" | b"f*" | b"B" | b"B*" | b"b" | b"b*") {
                        self.out.filled_curves = self.out.filled_curves.saturating_add(path_curves);
                        for r in path.drain(..) {
                            if self.oc_hidden == 0 {
                                self.out.fill_rect(r, gs.fill_white);
                            }
                        }
                    }
                    path.clear();
                    if matches!(op, b"S" | b"s" | b"B" | b"B*" | b"b" | b"b*") && self.oc_hidden == 0 {
                        if matches!(op, b"s" | b"b" | b"b*")
                            && let (Some((px, py)), Some((sx, sy))) = (point, sub_start)
                        {
                            segs.push([px, py, sx, sy]);
                        }
                        for [x0, y0, x1, y1] in segs.iter().copied() {
                            self.out.stroke_line(x0, y0, x1, y1);
                        }
                        for [x0, y0, x1, y1] in boxes.iter().copied() {
                            self.out.stroke_line(x0, y0, x1, y0);
                            self.out.stroke_line(x0, y1, x1, y1);
                            self.out.stroke_line(x0, y0, x0, y1);
                            self.out.stroke_line(x1, y0, x1, y1);
                        }
                    }
                    segs.clear();
                    boxes.clear();
                    point = None;
                    sub_start = None;
                    if std::mem::take(&mut clip_pending)
                        && let Some(b) = path_box
                    {
                        gs.clip = Some(gs.clip.map_or(b, |c| intersect(c, b)));
                    }
                    path_box = None;
                    path_curves = 0;
                }
                b"Do" => {
                    if let Some(Operand::Name(name)) = ops.last() {
                        self.xobject(resources, name, &gs.ctm, gs.clip)?;
                    }
                }
                b"BMC" if marked.len() < 256 => marked.push((false, false)),
                b"BDC" if marked.len() < 256 => {
                    let text = actual_text(&ops, &scratch).or_else(|| self.property_actual_text(resources, &ops));
                    // `/OC /name BDC`: content of an optional-content group
                    // (a layer) the viewer hides is not on the page.
                    let hides = matches!(ops.first(), Some(Operand::Name(b"OC"))) && !self.oc_visible(resources, &ops);
                    marked.push((text.is_some(), hides));
                    if hides {
                        self.oc_hidden += 1;
                    }
                    if let Some(t) = text {
                        actual.open(t);
                    }
                }
                b"EMC" => {
                    let (spanned, hides) = marked.pop().unwrap_or_default();
                    if hides {
                        self.oc_hidden = self.oc_hidden.saturating_sub(1);
                    }
                    actual.end(spanned);
                }
                b"ID" => {
                    lx.skip_inline_image();
                    self.out.images += 1;
                }
                _ => {}
            }
            ops.clear();
            scratch.clear();
        }
        let left_hidden = marked.iter().filter(|m| m.1).count() as u32;
        self.oc_hidden = self.oc_hidden.saturating_sub(left_hidden);
        Ok(())
    }

    /// Whether the optional content a `/OC /name BDC` names is shown (the
    /// name looked up in the resources' `/Properties`).
    fn oc_visible(&mut self, resources: Option<&Dictionary>, ops: &[Operand]) -> bool {
        let Some(Operand::Name(name)) = ops.get(1) else { return true };
        let Some(props) = resources.and_then(|r| get_dict(self.doc, r, b"Properties")) else { return true };
        match props.get(name) {
            Ok(o) => self.oc_object_visible(o),
            Err(_) => true,
        }
    }

    /// Whether an optional-content group or membership dictionary (`/OC` of a
    /// marked-content sequence, Form XObject or annotation) is shown in the
    /// document's default configuration: a group unless it is off; a
    /// membership by its policy over its groups (`/AnyOn` unless told).
    pub(crate) fn oc_object_visible(&mut self, oc: &Object) -> bool {
        let doc = self.doc;
        if self.ocgs_off.is_none() {
            self.ocgs_off = Some(ocgs_off(doc));
        }
        let off = self.ocgs_off.as_deref().unwrap_or_default();
        let group_on = |o: &Object| o.as_reference().map_or(true, |id| !off.contains(&id));
        let Object::Dictionary(d) = deref(doc, oc) else { return true };
        if get_name(doc, d, b"Type") != Some(b"OCMD") {
            return group_on(oc);
        }
        let groups: Vec<&Object> = match d.get(b"OCGs") {
            Ok(Object::Array(a)) => a.iter().collect(),
            Ok(o @ Object::Reference(_)) => match deref(doc, o) {
                Object::Array(a) => a.iter().collect(),
                _ => vec![o],
            },
            _ => return true,
        };
        if groups.is_empty() {
            return true;
        }
        let on = groups.iter().filter(|g| group_on(g)).count();
        match get_name(doc, d, b"P") {
            Some(b"AllOn") => on == groups.len(),
            Some(b"AnyOff") => on < groups.len(),
            Some(b"AllOff") => on == 0,
            _ => on > 0,
        }
    }

    /// The `/ActualText` of a `BDC` whose property list is named in the
    /// resources' `/Properties` (`/Span /P0 BDC`).
    fn property_actual_text(&self, resources: Option<&Dictionary>, ops: &[Operand]) -> Option<String> {
        let Some(Operand::Name(name)) = ops.last() else { return None };
        let props = get_dict(self.doc, resources?, b"Properties")?;
        let list = get_dict(self.doc, props, name)?;
        match get(self.doc, list, b"ActualText")? {
            Object::String(bytes, _) => Some(text_string(bytes)),
            _ => None,
        }
    }

    fn font(&mut self, resources: Option<&Dictionary>, name: &[u8]) -> Result<Rc<Font>> {
        let doc = self.doc;
        let Some(fonts) = resources.and_then(|r| get_dict(doc, r, b"Font")) else {
            return Ok(self.fallback.clone());
        };
        let entry = fonts.get(name).ok();
        let id = entry.and_then(|o| o.as_reference().ok());
        if let Some(f) = id.and_then(|id| self.fonts.get(&id)) {
            return Ok(f.clone());
        }
        let font = match entry.map(|o| deref(doc, o)) {
            Some(Object::Dictionary(d)) => Rc::new(Font::load(doc, d, self.budget)?),
            _ => self.fallback.clone(),
        };
        if let Some(id) = id {
            self.fonts.insert(id, font.clone());
        }
        Ok(font)
    }

    fn xobject(
        &mut self,
        resources: Option<&Dictionary>,
        name: &[u8],
        ctm: &Matrix,
        clip: Option<[f32; 4]>,
    ) -> Result<()> {
        let doc = self.doc;
        let Some(xobjects) = resources.and_then(|r| get_dict(doc, r, b"XObject")) else { return Ok(()) };
        let Ok(entry) = xobjects.get(name) else { return Ok(()) };
        let id = entry.as_reference().ok();
        let Object::Stream(stream) = deref(doc, entry) else { return Ok(()) };
        if let Ok(oc) = stream.dict.get(b"OC")
            && !self.oc_object_visible(oc)
        {
            return Ok(()); // a Form or image of a hidden layer
        }
        match get_name(doc, &stream.dict, b"Subtype") {
            Some(b"Image") => {
                self.out.images += 1;
                #[cfg(feature = "ocr")]
                if let Some(id) = id {
                    self.out.place_image(id, *ctm);
                }
                Ok(())
            }
            Some(b"Form") => self.form(id, stream, resources, ctm, clip, true),
            _ => Ok(()),
        }
    }

    /// Run a Form XObject drawn under `ctm` (its /Matrix applied first);
    /// `record`: note where a form drawn from the page's content lands (the
    /// sheets of N-up printing are told by them).
    fn form(
        &mut self,
        id: Option<ObjectId>,
        stream: &lopdf::Stream,
        resources: Option<&Dictionary>,
        ctm: &Matrix,
        clip: Option<[f32; 4]>,
        record: bool,
    ) -> Result<()> {
        let doc = self.doc;
        if let Some(id) = id
            && self.form_stack.contains(&id)
        {
            return Ok(()); // a cycle: drawn once already
        }
        let depth = self.form_stack.len() as u64 + 1;
        self.budget.limits.check(Limit::ObjectDepth, depth)?;
        let m = match get(doc, &stream.dict, b"Matrix") {
            Some(Object::Array(a)) if a.len() == 6 => {
                let mut v = [0f32; 6];
                for (slot, o) in v.iter_mut().zip(a) {
                    *slot = num(deref(doc, o)).unwrap_or(0.0);
                }
                Matrix::new(v)
            }
            _ => Matrix::IDENTITY,
        };
        let content = self.budget.decode(stream)?;
        let form_res = get_dict(doc, &stream.dict, b"Resources").or(resources);
        let top = self.form_stack.is_empty();
        let first = self.out.glyphs;
        self.form_stack.push(id.unwrap_or((0, 0)));
        let outer = std::mem::replace(&mut self.outer_clip, clip);
        let placed = m.then(ctm);
        let r = self.run(&content, form_res, placed);
        self.outer_clip = outer;
        self.form_stack.pop();
        if top
            && record
            && self.out.forms.len() < super::text::MAX_FORMS
            && let Some(Object::Array(b)) = get(doc, &stream.dict, b"BBox")
            && b.len() == 4
        {
            let v: Vec<f32> = b.iter().map(|o| num(deref(doc, o)).unwrap_or(0.0)).collect();
            let bbox = device_bbox(&placed, v[0], v[1], v[2], v[3]);
            self.out.forms.push(super::text::PlacedForm { bbox, first, end: self.out.glyphs });
        }
        r
    }

    /// Draw the appearance streams (`/AP /N`) of the page's form fields
    /// (widget annotations): a statement template's filled values live only
    /// there (and in the fields' `/V`). Hidden and no-view widgets, and those
    /// of hidden optional content, are not drawn. Each appearance's box,
    /// through its /Matrix, is fitted to the annotation's /Rect.
    pub(crate) fn widgets(&mut self, page: &Dictionary, device: Matrix) -> Result<()> {
        let doc = self.doc;
        let Some(annots) = get_array(doc, page, b"Annots") else { return Ok(()) };
        for a in annots.iter().take(MAX_WIDGETS) {
            let Object::Dictionary(d) = deref(doc, a) else { continue };
            if get_name(doc, d, b"Subtype") != Some(b"Widget") {
                continue;
            }
            // Text and choice fields hold values; a signature field's
            // appearance ("Digitally signed by ... Date: ...") and buttons
            // are not the statement's text.
            if !matches!(field_type(doc, d), Some(b"Tx" | b"Ch")) {
                continue;
            }
            let flags = get(doc, d, b"F").and_then(num).unwrap_or(0.0) as u32;
            if flags & (2 | 32) != 0 {
                continue; // Hidden, NoView
            }
            if let Ok(oc) = d.get(b"OC")
                && !self.oc_object_visible(oc)
            {
                continue;
            }
            let Some(normal) = get_dict(doc, d, b"AP").and_then(|ap| ap.get(b"N").ok()) else {
                // No appearance: the viewer draws the text field's value
                // (a template filled without appearances, /NeedAppearances).
                self.field_value(d, device)?;
                continue;
            };
            // A field with appearance states (check box, radio) picks /AS.
            let normal = match deref(doc, normal) {
                Object::Dictionary(states) => match get_name(doc, d, b"AS").and_then(|s| states.get(s).ok()) {
                    Some(o) => o,
                    None => continue,
                },
                _ => normal,
            };
            let id = normal.as_reference().ok();
            let Object::Stream(stream) = deref(doc, normal) else { continue };
            let Some(r) = get_array(doc, d, b"Rect").and_then(|r| four(doc, r)) else { continue };
            let Some(b) = get_array(doc, &stream.dict, b"BBox").and_then(|b| four(doc, b)) else { continue };
            let m = match get_array(doc, &stream.dict, b"Matrix") {
                Some(a) if a.len() == 6 => {
                    let mut v = [0f32; 6];
                    for (slot, o) in v.iter_mut().zip(a) {
                        *slot = num(deref(doc, o)).unwrap_or(0.0);
                    }
                    Matrix::new(v)
                }
                _ => Matrix::IDENTITY,
            };
            let tb = device_bbox(&m, b[0], b[1], b[2], b[3]);
            let (bw, bh) = (tb[2] - tb[0], tb[3] - tb[1]);
            let (rx0, ry0) = (r[0].min(r[2]), r[1].min(r[3]));
            let (rw, rh) = ((r[2] - r[0]).abs(), (r[3] - r[1]).abs());
            let sx = if bw > f32::EPSILON { rw / bw } else { 1.0 };
            let sy = if bh > f32::EPSILON { rh / bh } else { 1.0 };
            let fit = Matrix { a: sx, b: 0.0, c: 0.0, d: sy, e: rx0 - tb[0] * sx, f: ry0 - tb[1] * sy };
            self.form(id, stream, None, &fit.then(&device), None, false)?;
        }
        Ok(())
    }

    /// The value (`/V`) of a text field that has no appearance stream, drawn
    /// as a viewer draws it: in the font and size of its `/DA` (from the
    /// form's `/DR`), one line, vertically centred in the `/Rect`, aligned by
    /// `/Q`, two points in from the edge.
    fn field_value(&mut self, widget: &Dictionary, device: Matrix) -> Result<()> {
        let doc = self.doc;
        let field = |key: &[u8]| -> Option<&Object> {
            let mut node = widget;
            for _ in 0..32 {
                if let Some(v) = get(doc, node, key) {
                    return Some(v);
                }
                node = get_dict(doc, node, b"Parent")?;
            }
            None
        };
        let form = doc.catalog().ok().and_then(|c| get_dict(doc, c, b"AcroForm"));
        let is_text = match field(b"FT") {
            Some(Object::Name(n)) => n == b"Tx",
            _ => false,
        };
        let Some(Object::String(value, _)) = field(b"V").filter(|_| is_text) else { return Ok(()) };
        let text = text_string(value);
        if text.trim().is_empty() {
            return Ok(());
        }
        let da = match field(b"DA").or_else(|| form.and_then(|f| get(doc, f, b"DA"))) {
            Some(Object::String(s, _)) => s.clone(),
            _ => return Ok(()),
        };
        // `/Helv 9 Tf 0 g`: the last name and the number before `Tf`.
        let da = String::from_utf8_lossy(&da).into_owned();
        let toks: Vec<&str> = da.split_whitespace().collect();
        let Some(tf) = toks.iter().position(|t| *t == "Tf") else { return Ok(()) };
        let (Some(name), Some(size)) = (
            tf.checked_sub(2).and_then(|k| toks.get(k)).and_then(|t| t.strip_prefix('/')),
            tf.checked_sub(1).and_then(|k| toks.get(k)).and_then(|t| t.parse::<f32>().ok()),
        ) else {
            return Ok(());
        };
        let Some(r) = get_array(doc, widget, b"Rect").and_then(|r| four(doc, r)) else { return Ok(()) };
        let (x0, y0, x1, y1) = (r[0].min(r[2]), r[1].min(r[3]), r[0].max(r[2]), r[1].max(r[3]));
        let size = if size > 0.0 { size } else { ((y1 - y0) * 0.7).clamp(4.0, 12.0) };
        let dr = form.and_then(|f| get_dict(doc, f, b"DR"));
        let font = self.font(dr, name.as_bytes())?;
        let bytes: Vec<u8> = text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect();
        let mut width = 0.0;
        let mut i = 0;
        while let Some((code, _)) = font.next_code(&bytes, &mut i) {
            width += font.width(code) * font.scale * size;
        }
        let q = field(b"Q").and_then(num).unwrap_or(0.0) as i64;
        let x = match q {
            1 => (x0 + x1 - width) / 2.0,
            2 => x1 - 2.0 - width,
            _ => x0 + 2.0,
        };
        let y = y0 + ((y1 - y0) - size) / 2.0 + 0.22 * size;
        let mut content = format!("BT /{name} {size} Tf {x} {y} Td (").into_bytes();
        for b in bytes {
            if matches!(b, b'(' | b')' | b'\\') {
                content.push(b'\\');
            }
            content.push(b);
        }
        content.extend_from_slice(b") Tj ET");
        self.run(&content, dr, device)
    }

    /// Show one string: per glyph, place it and advance the text matrix.
    fn show(&mut self, gs: &GState, tm: &mut Matrix, bytes: &[u8], glyph_text: &mut String, actual: &mut ActualText) {
        let font = gs.font.clone().unwrap_or_else(|| self.fallback.clone());
        let mut m = tm.then(&gs.ctm);
        let size = gs.size;
        let v_len = (m.c * m.c + m.d * m.d).sqrt();
        let dev_size = (size * v_len * font.v_scale).abs();
        let invisible = gs.render == 3 || gs.render == 7;
        let along = (m.a * m.a + m.b * m.b).sqrt();
        let space = font
            .space_width()
            .map_or(0.0, |w| ((w * font.scale * size + gs.char_spacing + gs.word_spacing) * gs.h_scale * along).abs());
        let mut i = 0;
        while let Some((code, single)) = font.next_code(bytes, &mut i) {
            let w = font.width(code) * font.scale;
            let (ox, oy) = (gs.rise * m.c + m.e, gs.rise * m.d + m.f);
            glyph_text.clear();
            // Inside an /ActualText span the span's text stands for its
            // glyphs: the first glyph carries it, the others only extend the
            // word (shaped scripts: reordered vowel signs, conjuncts).
            let within_span = actual.depth > 0;
            if within_span {
                if let Some(t) = actual.pending.take() {
                    glyph_text.push_str(&t);
                }
            } else if !font.push_text(code, glyph_text) {
                glyph_text.push('\u{FFFD}');
            }
            // A ToUnicode entry of U+0000 maps a glyph to no text (Chromium
            // writes one for glyphs shaped out of several characters).
            glyph_text.retain(|c| c != '\0');
            if !within_span && glyph_text.is_empty() {
                glyph_text.push('\u{FFFD}');
            }
            expand_ligatures(glyph_text);
            let spacing = gs.char_spacing + if single && code == 32 { gs.word_spacing } else { 0.0 };
            // The advance, spacing included, as poppler measures a glyph: letter-spaced
            // text stays one word.
            let tx = (w * size + spacing) * gs.h_scale;
            let shown = self.oc_hidden == 0
                && gs.clip.is_none_or(|c| {
                    // The glyph's centre: half its advance along, a third of the size up.
                    let (cx, cy) = (ox + 0.5 * tx * m.a + 0.35 * size * m.c, oy + 0.5 * tx * m.b + 0.35 * size * m.d);
                    cx >= c[0] - 1.0 && cx <= c[2] + 1.0 && cy >= c[1] - 1.0 && cy <= c[3] + 1.0
                });
            if !shown {
                self.out.flush();
                tm.e += tx * tm.a;
                tm.f += tx * tm.b;
                m.e += tx * m.a;
                m.f += tx * m.b;
                continue;
            }
            self.out.glyph(&GlyphIn {
                x: ox,
                y: oy,
                dx: tx * m.a,
                dy: tx * m.b,
                size: dev_size,
                font: &font.name,
                text: glyph_text,
                invisible,
                white: gs.fill_white,
                space,
                silent: within_span && glyph_text.is_empty(),
            });
            tm.e += tx * tm.a;
            tm.f += tx * tm.b;
            m.e += tx * m.a;
            m.f += tx * m.b;
        }
    }
}

/// The optional-content groups the document's default configuration turns
/// off: those in `/D /OFF`, or, under `/BaseState /OFF`, every group not in
/// `/D /ON`.
fn ocgs_off(doc: &Document) -> Vec<ObjectId> {
    let Ok(catalog) = doc.catalog() else { return Vec::new() };
    let Some(props) = get_dict(doc, catalog, b"OCProperties") else { return Vec::new() };
    let ids = |d: &Dictionary, key: &[u8]| -> Vec<ObjectId> {
        match get(doc, d, key) {
            Some(Object::Array(a)) => a.iter().filter_map(|o| o.as_reference().ok()).collect(),
            _ => Vec::new(),
        }
    };
    let Some(config) = get_dict(doc, props, b"D") else { return Vec::new() };
    if get_name(doc, config, b"BaseState") == Some(b"OFF") {
        let on = ids(config, b"ON");
        return ids(props, b"OCGs").into_iter().filter(|id| !on.contains(id)).collect();
    }
    ids(config, b"OFF")
}

/// The replacement text of the `/ActualText` spans open.
#[derive(Debug, Default)]
pub(crate) struct ActualText {
    /// Spans with /ActualText open (nested ones replace their outer span's text).
    depth: u32,
    /// The innermost span's text, until a glyph takes it.
    pending: Option<String>,
}

impl ActualText {
    fn open(&mut self, text: String) {
        self.depth += 1;
        self.pending = Some(text);
    }

    /// The end of a marked-content sequence; `spanned`: it gave /ActualText.
    fn end(&mut self, spanned: bool) {
        if spanned {
            self.depth = self.depth.saturating_sub(1);
            self.pending = None;
        }
    }
}

/// The `/ActualText` of an inline `BDC` property list (`/Span <</ActualText (..)>> BDC`).
fn actual_text(ops: &[Operand], scratch: &[u8]) -> Option<String> {
    let at = ops.iter().position(|o| matches!(o, Operand::Name(b"ActualText")))?;
    match ops.get(at + 1) {
        Some(Operand::Str(s, e)) => Some(text_string(scratch.get(*s..*e).unwrap_or_default())),
        _ => None,
    }
}

/// A PDF text string: UTF-16BE after its byte-order mark, else PDFDocEncoding
/// (read as Latin-1, which it equals for letters, digits and punctuation).
fn text_string(bytes: &[u8]) -> String {
    let mut out = String::new();
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        super::cmap::push_utf16be(rest, &mut out);
    } else if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        out.push_str(&String::from_utf8_lossy(rest));
    } else {
        out.extend(bytes.iter().map(|&b| char::from(b)));
    }
    out
}

/// Latin ligature characters (U+FB00..U+FB06) become their letters, so that
/// "Proﬁt" matches "Profit" downstream.
fn expand_ligatures(text: &mut String) {
    let is_ligature = |c: char| ('\u{FB00}'..='\u{FB06}').contains(&c);
    if !text.chars().any(is_ligature) {
        return;
    }
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        match c {
            '\u{FB00}' => out.push_str("ff"),
            '\u{FB01}' => out.push_str("fi"),
            '\u{FB02}' => out.push_str("fl"),
            '\u{FB03}' => out.push_str("ffi"),
            '\u{FB04}' => out.push_str("ffl"),
            '\u{FB05}' | '\u{FB06}' => out.push_str("st"),
            c => out.push(c),
        }
    }
    *text = out;
}

fn set_fill(gs: &mut GState, ops: &[Operand], comps: u8) {
    let vals = ops.iter().filter_map(|o| if let Operand::Num(v) = o { Some(*v) } else { None });
    let mut count = 0u8;
    let mut all_one = true;
    let mut all_zero = true;
    for v in vals {
        count = count.saturating_add(1);
        all_one &= v >= 0.99;
        all_zero &= v <= 0.01;
    }
    gs.fill_components = comps;
    gs.fill_white = count == comps
        && match comps {
            1 | 3 => all_one,
            4 => all_zero,
            _ => false,
        };
}

/// End the current subpath: when it is an axis-aligned rectangle drawn as a
/// polygon of straight lines (four corners, the first repeated or not), its
/// box joins the path's rectangles as `re` would add it.
fn close_polygon(poly: &mut Vec<(f32, f32)>, ok: &mut bool, path: &mut Vec<[f32; 4]>) {
    if std::mem::take(ok)
        && let Some(b) = polygon_rect(poly)
        && path.len() < 4096
    {
        path.push(b);
    }
    poly.clear();
}

fn polygon_rect(poly: &[(f32, f32)]) -> Option<[f32; 4]> {
    const EPS: f32 = 0.01;
    let mut pts = poly;
    if let (Some(a), Some(z)) = (pts.first(), pts.last())
        && pts.len() == 5
        && (a.0 - z.0).abs() < EPS
        && (a.1 - z.1).abs() < EPS
    {
        pts = &pts[..4];
    }
    if pts.len() != 4 {
        return None;
    }
    // Every edge horizontal or vertical, the closing one included.
    let straight = (0..4).all(|i| {
        let (p, q) = (pts[i], pts[(i + 1) % 4]);
        (p.0 - q.0).abs() < EPS || (p.1 - q.1).abs() < EPS
    });
    if !straight {
        return None;
    }
    let b = pts.iter().fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, &(x, y)| {
        [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)]
    });
    (b[2] - b[0] > EPS && b[3] - b[1] > EPS).then_some(b)
}

/// The box holding both boxes.
fn union(a: Option<[f32; 4]>, b: [f32; 4]) -> [f32; 4] {
    a.map_or(b, |a| [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])])
}

/// The overlap of two boxes (empty: a box of no area where they meet).
fn intersect(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    let x0 = a[0].max(b[0]);
    let y0 = a[1].max(b[1]);
    [x0, y0, a[2].min(b[2]).max(x0), a[3].min(b[3]).max(y0)]
}

/// A field's type (`/FT`, inherited from its parents).
fn field_type<'a>(doc: &'a Document, widget: &'a Dictionary) -> Option<&'a [u8]> {
    let mut node = widget;
    for _ in 0..32 {
        if let Some(t) = get_name(doc, node, b"FT") {
            return Some(t);
        }
        node = get_dict(doc, node, b"Parent")?;
    }
    None
}

/// Four numbers of a rectangle array.
fn four(doc: &Document, a: &[Object]) -> Option<[f32; 4]> {
    let v: Vec<f32> = a.iter().filter_map(|o| num(deref(doc, o))).collect();
    (v.len() == 4).then(|| [v[0], v[1], v[2], v[3]])
}

fn device_bbox(ctm: &Matrix, x0: f32, y0: f32, x1: f32, y1: f32) -> [f32; 4] {
    let pts = [ctm.apply(x0, y0), ctm.apply(x1, y0), ctm.apply(x0, y1), ctm.apply(x1, y1)];
    let mut b = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for (x, y) in pts {
        b[0] = b[0].min(x);
        b[1] = b[1].min(y);
        b[2] = b[2].max(x);
        b[3] = b[3].max(y);
    }
    b
}

/// Whether `needle` occurs in `hay`.
pub(crate) fn memchr_find(hay: &[u8], needle: &[u8]) -> bool {
    let Some(&first) = needle.first() else { return true };
    hay.iter().enumerate().filter(|(_, b)| **b == first).any(|(i, _)| hay.get(i..i + needle.len()) == Some(needle))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn matrices_compose_in_pdf_order() {
        let scale = Matrix::new([2.0, 0.0, 0.0, 2.0, 0.0, 0.0]);
        let shift = Matrix::translate(10.0, 5.0);
        assert_eq!(scale.then(&shift).apply(1.0, 1.0), (12.0, 7.0));
        assert_eq!(shift.then(&scale).apply(1.0, 1.0), (22.0, 12.0));
        assert!(memchr_find(b"/TouchUp_TextEdit MP", b"TouchUp_TextEdit"));
        assert!(!memchr_find(b"TouchUp", b"TouchUp_TextEdit"));
    }
}
