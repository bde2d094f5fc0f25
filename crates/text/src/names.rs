//! Capitalized name chunks, and people and organizations among them.
