//! The exact JSON shapes of the interface.
