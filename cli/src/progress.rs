//! A one-line progress bar on stderr, drawn only when stderr is a terminal
//! and there is more than one file (a pipe or a log file gets no escape codes).

use std::io::{IsTerminal, Write};

/// Progress across the files of one `analyze` run.
#[derive(Debug)]
pub struct Progress {
    total: usize,
    done: usize,
    enabled: bool,
    drawn: bool,
}

const WIDTH: usize = 30;

impl Progress {
    /// A bar over `total` files; silent unless stderr is a terminal and `total > 1`.
    pub fn new(total: usize) -> Progress {
        Progress { total, done: 0, enabled: total > 1 && std::io::stderr().is_terminal(), drawn: false }
    }

    /// Shows that `name` is being read.
    pub fn start(&mut self, name: &str) {
        if !self.enabled {
            return;
        }
        let filled = (self.done * WIDTH).checked_div(self.total).unwrap_or(0);
        let bar: String = "#".repeat(filled) + &"-".repeat(WIDTH - filled);
        // Long names are cut from the left so the bar stays on one line.
        let shown: String = if name.chars().count() > 40 {
            let tail: String = name.chars().rev().take(39).collect::<Vec<_>>().into_iter().rev().collect();
            format!("…{tail}")
        } else {
            name.to_owned()
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K[{bar}] {}/{} {shown}", self.done, self.total);
        let _ = err.flush();
        self.drawn = true;
    }

    /// Marks one file finished.
    pub fn finish_one(&mut self) {
        self.done += 1;
    }

    /// Erases the bar so a summary or an error prints on a clean line.
    pub fn clear(&mut self) {
        if self.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.drawn = false;
        }
    }
}
