//! Whether to colour output: `--color auto|always|never`, the `NO_COLOR` convention
//! (<https://no-color.org>) and whether the stream is a terminal, decided once for the run so that
//! every command and the library warnings (tracing) agree.

use std::io::IsTerminal;
use std::sync::OnceLock;

/// The user's choice on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal, unless NO_COLOR is set or TERM is "dumb".
    #[default]
    Auto,
    /// Always colour, even into a pipe or with NO_COLOR set.
    Always,
    /// Never colour.
    Never,
}

static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// Records the choice for the run; called once, after parsing the command line.
pub fn set(choice: ColorChoice) {
    let _ = CHOICE.set(choice);
}

/// The rule itself, apart from the process state, so that it can be tested.
/// An explicit `--color` wins over `NO_COLOR`, as no-color.org asks of command-line flags.
pub fn decide(
    choice: ColorChoice,
    is_terminal: bool,
    no_color: Option<&str>,
    term: Option<&str>,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            is_terminal && no_color.is_none_or(str::is_empty) && term != Some("dumb")
        }
    }
}

fn enabled(is_terminal: bool) -> bool {
    decide(
        CHOICE.get().copied().unwrap_or_default(),
        is_terminal,
        std::env::var("NO_COLOR").ok().as_deref(),
        std::env::var("TERM").ok().as_deref(),
    )
}

/// True when what goes to standard output should be coloured.
pub fn stdout() -> bool {
    enabled(std::io::stdout().is_terminal())
}

/// True when what goes to standard error (warnings, tracing) should be coloured.
pub fn stderr() -> bool {
    enabled(std::io::stderr().is_terminal())
}

#[cfg(test)]
mod tests {
    use super::{ColorChoice::*, decide};

    #[test]
    fn no_color_and_the_flag() {
        assert!(decide(Auto, true, None, Some("xterm")));
        assert!(!decide(Auto, false, None, Some("xterm")));
        assert!(!decide(Auto, true, Some("1"), Some("xterm")));
        // An empty NO_COLOR does not count (no-color.org).
        assert!(decide(Auto, true, Some(""), Some("xterm")));
        assert!(!decide(Auto, true, None, Some("dumb")));
        assert!(decide(Always, false, Some("1"), None));
        assert!(!decide(Never, true, None, Some("xterm")));
    }
}
