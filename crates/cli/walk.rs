//! Turning the paths on the command line into the files to read: a folder is walked for the
//! caption files and photos below it, so `extract dir/` and `ingest dir/` read a whole tree.

use crate::input::Format;
use std::path::Path;

/// One file to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputPath {
    /// As given, or as found below a folder (`-` is standard input).
    pub path: String,
    /// Found by walking a folder rather than named on the command line: such files are
    /// summed into the run's summary instead of each getting a line.
    pub from_folder: bool,
}

/// The expansion of the command line's paths.
#[derive(Debug, Default)]
pub struct Expanded {
    pub files: Vec<InputPath>,
    /// Folders that could not be walked in full, or held nothing to read (each reported).
    pub problems: usize,
}

/// File name endings read as captions for a format; `Auto` takes all of them.
fn caption_extensions(format: Format) -> &'static [&'static str] {
    match format {
        Format::Auto => &["txt", "jsonl", "ndjson", "csv"],
        Format::Text => &["txt"],
        Format::Jsonl => &["jsonl", "ndjson"],
        Format::Csv => &["csv"],
    }
}

fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|x| x.to_str())
        .map(str::to_ascii_lowercase)
}

/// True when a file found in a folder is one to read: a caption file by its extension (as
/// `--input` narrows it), or, when the format is guessed, a photo.
fn wanted(path: &Path, format: Format) -> bool {
    let Some(ext) = extension(path) else {
        return false;
    };
    caption_extensions(format).contains(&ext.as_str())
        || (format == Format::Auto
            && crate::images::has_image_extension(&path.display().to_string()))
}

fn is_hidden(entry: &walkdir::DirEntry) -> bool {
    entry.depth() > 0 && entry.file_name().to_string_lossy().starts_with('.')
}

/// Paths other than folders are kept as given (a missing file is reported when it is read).
/// Folders are walked in name order, so output order is stable: hidden files and folders
/// (`.git`, `.DS_Store`) are skipped, symbolic links are followed, and a link back up the tree
/// is reported once and not followed again. A folder with nothing to read is reported.
pub fn expand(paths: &[String], format: Format) -> Expanded {
    let mut out = Expanded::default();
    for p in paths {
        let path = Path::new(p);
        if p == "-" || !path.is_dir() {
            out.files.push(InputPath {
                path: p.clone(),
                from_folder: false,
            });
            continue;
        }
        let before = out.files.len();
        let walker = walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| !is_hidden(e));
        for entry in walker {
            match entry {
                Ok(e) if e.file_type().is_file() && wanted(e.path(), format) => {
                    out.files.push(InputPath {
                        path: e.path().display().to_string(),
                        from_folder: true,
                    })
                }
                Ok(_) => {}
                Err(e) => {
                    let at = e
                        .path()
                        .map(|p| p.display().to_string())
                        .unwrap_or_else(|| p.clone());
                    let why = if e.loop_ancestor().is_some() {
                        "a symbolic link back to a folder above it; not followed again".to_string()
                    } else {
                        e.io_error()
                            .map(|io| io.to_string())
                            .unwrap_or_else(|| e.to_string())
                    };
                    eprintln!("dateline: {at}: {why}");
                    out.problems += 1;
                }
            }
        }
        if out.files.len() == before {
            let kinds = caption_extensions(format)
                .iter()
                .map(|x| format!(".{x}"))
                .collect::<Vec<_>>()
                .join(", ");
            let photos = if format == Format::Auto {
                " or photos"
            } else {
                ""
            };
            eprintln!("dateline: {p}: no caption files ({kinds}){photos} in this folder");
            out.problems += 1;
        }
    }
    out
}

/// The photos below a folder (or the path itself when it is a file), for `bench media`.
pub fn images_below(dir: &Path) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !is_hidden(e))
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_type().is_file()
                && crate::images::has_image_extension(&e.path().display().to_string())
        })
        .map(|e| e.into_path())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(e: &Expanded, root: &Path) -> Vec<String> {
        e.files
            .iter()
            .map(|f| {
                Path::new(&f.path)
                    .strip_prefix(root)
                    .unwrap()
                    .display()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn walks_recursively_by_extension_skipping_hidden_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("b/deeper")).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        for f in [
            "a.txt",
            "b/c.jsonl",
            "b/deeper/d.csv",
            "b/notes.md",
            ".hidden.txt",
            ".git/e.txt",
            "photo.JPG",
        ] {
            std::fs::write(root.join(f), "x").unwrap();
        }
        let all = expand(&[root.display().to_string()], Format::Auto);
        assert_eq!(
            names(&all, root),
            ["a.txt", "b/c.jsonl", "b/deeper/d.csv", "photo.JPG"]
        );
        assert_eq!(all.problems, 0);
        assert!(all.files.iter().all(|f| f.from_folder));
        let csv = expand(&[root.display().to_string()], Format::Csv);
        assert_eq!(names(&csv, root), ["b/deeper/d.csv"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_reported_not_followed_forever() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a.txt"), "x").unwrap();
        std::os::unix::fs::symlink(root, root.join("sub/up")).unwrap();
        let e = expand(&[root.display().to_string()], Format::Auto);
        assert_eq!(names(&e, root), ["sub/a.txt"]);
        assert_eq!(e.problems, 1);
    }

    #[test]
    fn an_empty_folder_is_a_problem_and_files_are_kept_as_given() {
        let dir = tempfile::tempdir().unwrap();
        let e = expand(
            &[dir.path().display().to_string(), "missing.txt".into()],
            Format::Auto,
        );
        assert_eq!(e.problems, 1);
        assert_eq!(
            e.files,
            [InputPath {
                path: "missing.txt".into(),
                from_folder: false
            }]
        );
    }
}
