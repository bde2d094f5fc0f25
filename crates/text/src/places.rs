//! Place phrases with their grammatical cues.
