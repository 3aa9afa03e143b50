//! The few functions of Tesseract's C API the engine calls, found in
//! `libtesseract` when the first page is read by OCR, not when the program
//! starts.
//!
//! Linking Tesseract made every process load it and the ~60 libraries it
//! pulls in (Leptonica, libcurl, libarchive, ICU, GnuTLS, Kerberos...) and
//! resolve their symbols before `main`: about 13 ms and 12 MiB of every run,
//! scan or not (the 2-page statement: 9.6 ms per page before Tesseract was
//! linked, 16.3 with it). Loaded with `dlopen` (through `libloading`) on the
//! first scan, a text PDF never pays for it; a missing library is an
//! [`EngineError`] with the packages to install, read by the caller as an
//! unreadable scan like a missing English model.
//!
//! Every unsafe block calls a C API function with a handle this module made
//! and has not deleted, with NUL-terminated strings that outlive the call.
#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::sync::OnceLock;

use libloading::Library;

use super::engine::EngineError;

/// Tesseract's `PSM_SINGLE_LINE`.
pub(crate) const PSM_SINGLE_LINE: c_int = 7;
/// Tesseract's `PSM_SPARSE_TEXT`.
pub(crate) const PSM_SPARSE_TEXT: c_int = 11;

/// Where the library may be, most specific first (the C API is the same in
/// Tesseract 4 and 5).
#[cfg(target_os = "macos")]
const NAMES: &[&str] = &["libtesseract.5.dylib", "libtesseract.dylib", "libtesseract.4.dylib"];
#[cfg(windows)]
const NAMES: &[&str] =
    &["tesseract55.dll", "tesseract54.dll", "tesseract53.dll", "libtesseract-5.dll", "tesseract.dll"];
#[cfg(not(any(target_os = "macos", windows)))]
const NAMES: &[&str] = &["libtesseract.so.5", "libtesseract.so", "libtesseract.so.4"];

type Handle = *mut c_void;

/// The C API's functions, valid while `_lib` is loaded (for ever: it lives in a static).
struct Api {
    create: unsafe extern "C" fn() -> Handle,
    delete: unsafe extern "C" fn(Handle),
    init3: unsafe extern "C" fn(Handle, *const c_char, *const c_char) -> c_int,
    set_variable: unsafe extern "C" fn(Handle, *const c_char, *const c_char) -> c_int,
    set_image: unsafe extern "C" fn(Handle, *const u8, c_int, c_int, c_int, c_int),
    set_source_resolution: unsafe extern "C" fn(Handle, c_int),
    set_page_seg_mode: unsafe extern "C" fn(Handle, c_int),
    set_rectangle: unsafe extern "C" fn(Handle, c_int, c_int, c_int, c_int),
    recognize: unsafe extern "C" fn(Handle, *mut c_void) -> c_int,
    get_tsv_text: unsafe extern "C" fn(Handle, c_int) -> *mut c_char,
    get_utf8_text: unsafe extern "C" fn(Handle) -> *mut c_char,
    mean_text_conf: unsafe extern "C" fn(Handle) -> c_int,
    delete_text: unsafe extern "C" fn(*mut c_char),
    max_active_levels: Option<(unsafe extern "C" fn(c_int), Library)>,
    _lib: Library,
}

static API: OnceLock<Result<Api, String>> = OnceLock::new();

fn load(names: &[&str]) -> Result<Api, String> {
    let mut failures = Vec::new();
    // SAFETY: loading Tesseract runs its and its dependencies' initialisers,
    // which have no preconditions on the calling program.
    let lib = names.iter().find_map(|name| match unsafe { Library::new(*name) } {
        Ok(lib) => Some(lib),
        Err(e) => {
            // dlerror's words ("libtesseract.so.5: cannot open shared object file: ...").
            failures.push(std::error::Error::source(&e).map_or_else(|| format!("{name}: {e}"), ToString::to_string));
            None
        }
    });
    let Some(lib) = lib else {
        return Err(format!(
            "Tesseract is not installed ({}); install the Debian packages tesseract-ocr and tesseract-ocr-eng",
            failures.first().map_or("no library name to try", String::as_str)
        ));
    };
    macro_rules! sym {
        ($name:literal) => {
            // SAFETY: the type is the function's C prototype in Tesseract's capi.h.
            *unsafe { lib.get($name) }.map_err(|e| format!("this libtesseract lacks a function of its C API: {e}"))?
        };
    }
    Ok(Api {
        create: sym!(c"TessBaseAPICreate"),
        delete: sym!(c"TessBaseAPIDelete"),
        init3: sym!(c"TessBaseAPIInit3"),
        set_variable: sym!(c"TessBaseAPISetVariable"),
        set_image: sym!(c"TessBaseAPISetImage"),
        set_source_resolution: sym!(c"TessBaseAPISetSourceResolution"),
        set_page_seg_mode: sym!(c"TessBaseAPISetPageSegMode"),
        set_rectangle: sym!(c"TessBaseAPISetRectangle"),
        recognize: sym!(c"TessBaseAPIRecognize"),
        get_tsv_text: sym!(c"TessBaseAPIGetTsvText"),
        get_utf8_text: sym!(c"TessBaseAPIGetUTF8Text"),
        mean_text_conf: sym!(c"TessBaseAPIMeanTextConf"),
        delete_text: sym!(c"TessDeleteText"),
        max_active_levels: openmp_levels(),
        _lib: lib,
    })
}

/// OpenMP's `omp_set_max_active_levels`, when libgomp is loaded (Tesseract
/// built with OpenMP).
fn openmp_levels() -> Option<(unsafe extern "C" fn(c_int), Library)> {
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        // Loaded already as Tesseract's dependency: this only finds it.
        // SAFETY: as loading Tesseract.
        let gomp = unsafe { Library::new("libgomp.so.1") }.ok()?;
        // SAFETY: `void omp_set_max_active_levels(int)` of omp.h.
        let set = *unsafe { gomp.get::<unsafe extern "C" fn(c_int)>(c"omp_set_max_active_levels") }.ok()?;
        Some((set, gomp))
    }
    #[cfg(not(all(unix, not(target_os = "macos"))))]
    None
}

/// Tesseract's OpenMP threads spin against each other (a 200 dpi page took
/// 4.6-8.9 s instead of 1.6 s, and twice the CPU, on a busy 2-core machine).
/// Unless the program set `OMP_THREAD_LIMIT`, the calling thread's parallel
/// regions run on it alone (no active level of parallelism): what
/// `OMP_THREAD_LIMIT=1` did, without running the program again to set it.
fn one_openmp_thread(api: &Api) {
    if std::env::var_os("OMP_THREAD_LIMIT").is_some() {
        return;
    }
    if let Some((set, _)) = &api.max_active_levels {
        // SAFETY: no precondition; it sets an OpenMP control variable.
        unsafe { set(0) };
    }
}

fn api() -> Result<&'static Api, EngineError> {
    API.get_or_init(|| load(NAMES)).as_ref().map_err(|e| EngineError(e.clone()))
}

/// Loads the library on first call; an error says what is missing.
pub(crate) fn library() -> Result<(), EngineError> {
    api().map(|_| ())
}

/// One Tesseract instance (`TessBaseAPI`), deleted when dropped.
pub(crate) struct Tess {
    api: &'static Api,
    handle: Handle,
}

impl std::fmt::Debug for Tess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tess")
    }
}

impl Drop for Tess {
    fn drop(&mut self) {
        // SAFETY: the handle is this instance's, deleted once.
        unsafe { (self.api.delete)(self.handle) }
    }
}

fn cstring(s: &str) -> Result<CString, EngineError> {
    CString::new(s).map_err(|_| EngineError(format!("a Tesseract setting holds a NUL byte: {s:?}")))
}

impl Tess {
    /// An instance with the `language` model from Tesseract's default data
    /// directory (or `TESSDATA_PREFIX`).
    pub(crate) fn new(language: &str) -> Result<Tess, EngineError> {
        let api = api()?;
        let language = cstring(language)?;
        // SAFETY: create has no precondition.
        let handle = unsafe { (api.create)() };
        if handle.is_null() {
            return Err(EngineError("Tesseract could not make an instance".into()));
        }
        let tess = Tess { api, handle };
        one_openmp_thread(api);
        // SAFETY: a live handle; a NULL data path means the default one.
        let ret = unsafe { (api.init3)(handle, std::ptr::null(), language.as_ptr()) };
        if ret != 0 {
            return Err(EngineError("TessBaseAPIInit3 failed".into()));
        }
        Ok(tess)
    }

    pub(crate) fn set_variable(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let (n, v) = (cstring(name)?, cstring(value)?);
        // SAFETY: a live handle and two C strings.
        match unsafe { (self.api.set_variable)(self.handle, n.as_ptr(), v.as_ptr()) } {
            1 => Ok(()),
            _ => Err(EngineError(format!("Tesseract has no variable {name}"))),
        }
    }

    /// A grey image, one byte a pixel, rows of `width` bytes. Tesseract
    /// copies it.
    pub(crate) fn set_grey_image(&mut self, pixels: &[u8], width: u32, height: u32) -> Result<(), EngineError> {
        let too_big = || EngineError("the page raster is too large for Tesseract".into());
        let (w, h) = (c_int::try_from(width).map_err(|_| too_big())?, c_int::try_from(height).map_err(|_| too_big())?);
        if (width as usize).checked_mul(height as usize).is_none_or(|n| n > pixels.len()) {
            return Err(EngineError("the page raster is shorter than its size".into()));
        }
        // SAFETY: a live handle; `pixels` holds `height` rows of `width` bytes.
        unsafe { (self.api.set_image)(self.handle, pixels.as_ptr(), w, h, 1, w) };
        Ok(())
    }

    pub(crate) fn set_source_resolution(&mut self, ppi: c_int) {
        // SAFETY: a live handle.
        unsafe { (self.api.set_source_resolution)(self.handle, ppi) }
    }

    pub(crate) fn set_page_seg_mode(&mut self, mode: c_int) {
        // SAFETY: a live handle; the modes are the PSM_* constants above.
        unsafe { (self.api.set_page_seg_mode)(self.handle, mode) }
    }

    pub(crate) fn set_rectangle(&mut self, left: c_int, top: c_int, width: c_int, height: c_int) {
        // SAFETY: a live handle; Tesseract clips the rectangle to the image.
        unsafe { (self.api.set_rectangle)(self.handle, left, top, width, height) }
    }

    pub(crate) fn recognize(&mut self) -> Result<(), EngineError> {
        // SAFETY: a live handle with an image; no progress monitor.
        match unsafe { (self.api.recognize)(self.handle, std::ptr::null_mut()) } {
            0 => Ok(()),
            _ => Err(EngineError("Tesseract failed: recognition failed".into())),
        }
    }

    /// Tesseract's TSV output of the last recognition.
    pub(crate) fn tsv_text(&mut self, page: c_int) -> Result<String, EngineError> {
        // SAFETY: a live handle.
        let text = unsafe { (self.api.get_tsv_text)(self.handle, page) };
        self.take_text(text)
    }

    /// The text of the last recognition.
    pub(crate) fn utf8_text(&mut self) -> Result<String, EngineError> {
        // SAFETY: a live handle.
        let text = unsafe { (self.api.get_utf8_text)(self.handle) };
        self.take_text(text)
    }

    pub(crate) fn mean_text_conf(&self) -> c_int {
        // SAFETY: a live handle.
        unsafe { (self.api.mean_text_conf)(self.handle) }
    }

    /// A string Tesseract returned, copied and given back to it.
    fn take_text(&self, text: *mut c_char) -> Result<String, EngineError> {
        if text.is_null() {
            return Err(EngineError("Tesseract failed: no text returned".into()));
        }
        // SAFETY: Tesseract returned a NUL-terminated string it allocated,
        // read once and then freed with its own TessDeleteText.
        let out = unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned();
        // SAFETY: as above.
        unsafe { (self.api.delete_text)(text) };
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_library_says_what_to_install() {
        let Err(e) = load(&["libtesseract-none.so.9"]) else { panic!("a library that does not exist loaded") };
        assert!(e.starts_with("Tesseract is not installed (libtesseract-none.so.9"), "{e}");
        assert!(e.contains("tesseract-ocr-eng"), "{e}");
    }
}
