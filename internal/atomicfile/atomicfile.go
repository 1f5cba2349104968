// Package atomicfile writes files so that readers see the old file or the
// new one, never half of either: the table writer and the picture writer
// share it.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/internal/regular"
)

// Staged is a file written in full and synced beside its destination, not
// yet in place: Commit renames it over the destination, in one step that
// either happens or does not, and Discard removes it. Callers that must
// not replace the destination once they are interrupted decide between
// the two under one lock (see cmd/pathtable's commitGate).
type Staged struct {
	tmp  string // the temporary file
	dest string // where Commit puts it: path, or the file a link at path names
	path string // as the caller named it, for errors
}

// Write writes what write produces to path atomically (Stage, then
// Commit): readers see the old file or the new one. A write that fails or
// is killed leaves any previous file at path intact. Cost: the bytes
// written, one fsync, and a scan of the folder.
func Write(path string, write func(io.Writer) error) error {
	s, err := Stage(path, write)
	if err != nil {
		return err
	}
	return s.Commit()
}

// Stage writes whatever write produces to a temporary file in the folder
// of path's destination, syncs and closes it. The destination is path
// itself, or, when path is a symbolic link, the file it names: the link is
// kept and its file replaced. A destination that exists and is not a
// regular file is refused. The temporary is named after the destination
// and this process (".NAME.tmp-PID-RANDOM"); temporaries that a process no
// longer running left for the same destination are removed first, and no
// other file. Errors name path, not the temporary. Time is that of write
// plus a sync.
func Stage(path string, write func(io.Writer) error) (s *Staged, err error) {
	return StageFile(path, nil, func(f *os.File) error { return write(f) })
}

// StageFile is Stage that hands write the temporary file itself, empty and
// open for writing, for writers that write at offsets, from several
// goroutines or past the page cache (internal/directio); write must not
// close it. It tells track the temporary's name once it exists, before
// write runs (track may be nil): a caller that may stop waiting for write,
// and exit before StageFile could remove the temporary, can remove it
// itself. An error from track removes the temporary and is returned.
func StageFile(path string, track func(tmp string) error, write func(*os.File) error) (s *Staged, err error) {
	dest, err := destination(path)
	if err != nil {
		return nil, err
	}
	dir, prefix := filepath.Dir(dest), TempPrefix(dest)
	removeStaleTemps(dir, prefix)
	f, err := os.CreateTemp(dir, prefix+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return nil, renamed(err, path)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if track != nil {
		if err = track(f.Name()); err != nil {
			return nil, err
		}
	}
	if err = write(f); err != nil {
		return nil, renamed(err, path)
	}
	if err = f.Sync(); err != nil {
		return nil, renamed(err, path)
	}
	if err = f.Close(); err != nil {
		return nil, renamed(err, path)
	}
	if err = os.Chmod(f.Name(), 0o644); err != nil {
		return nil, renamed(err, path)
	}
	return &Staged{tmp: f.Name(), dest: dest, path: path}, nil
}

// Commit renames the staged file over its destination. O(1).
func (s *Staged) Commit() error {
	if err := os.Rename(s.tmp, s.dest); err != nil {
		os.Remove(s.tmp)
		return renamed(err, s.path)
	}
	return nil
}

// Discard removes the staged file; the destination stays as it was. O(1).
func (s *Staged) Discard() { os.Remove(s.tmp) }

// CheckDestination returns the error Stage would return for path before
// writing anything: a link that cannot be followed to a file that is or
// can be made, or a destination that is not a regular file. Callers that
// work long before they write check it first. O(links followed) system
// calls.
func CheckDestination(path string) error {
	_, err := destination(path)
	return err
}

// destination resolves path for writing: the file a symbolic link names
// (one not made yet, when the link dangles into a folder that exists),
// and an error for an existing destination that is not a regular file.
// Errors name path, as the caller gave it.
func destination(path string) (string, error) {
	dest := path
	if st, err := os.Lstat(path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		if dest, err = followLink(path); err != nil {
			return "", err
		}
	}
	if err := regular.Check(dest); err != nil {
		return "", renamed(err, path)
	}
	return dest, nil
}

// maxLinks is the most symbolic links followLink follows, as Linux does.
const maxLinks = 40

// followLink returns the file the symbolic link at path names, through
// any links in turn, or, where the chain ends at a name that does not
// exist yet, that name, which the write will make: a shell's redirection
// through such a link does the same. Its folder must exist. Errors name
// path and where its link leads. O(links) system calls.
func followLink(path string) (string, error) {
	if dest, err := filepath.EvalSymlinks(path); err == nil {
		return dest, nil
	}
	dest := path
	for range maxLinks {
		target, err := os.Readlink(dest)
		if err != nil {
			return "", renamed(err, path)
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(dest), target)
		}
		dest = target
		st, err := os.Lstat(dest)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if dir, err := os.Stat(filepath.Dir(dest)); err != nil || !dir.IsDir() {
				return "", fmt.Errorf("cannot write %s: it is a symbolic link to %s, whose folder does not exist", path, dest)
			}
			return dest, nil
		case err != nil:
			return "", renamed(err, path)
		case st.Mode()&fs.ModeSymlink == 0:
			return dest, nil
		}
	}
	return "", fmt.Errorf("cannot write %s: more than %d symbolic links in a row", path, maxLinks)
}

// renamed replaces the file name in an *fs.PathError or *os.LinkError
// with path, so that errors name what the user asked to write.
func renamed(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: le.Op, Path: path, Err: le.Err}
	}
	return err
}

// TempPrefix is the name prefix of the temporary files Stage makes beside
// path; one with this prefix that outlives its writer was left by a killed
// process.
func TempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// RemoveStale removes the temporaries that writers no longer running
// (killed before they could remove them) left beside path's destination,
// as Stage does before it writes: a caller that finds nothing to write,
// such as a build whose table is up to date, calls it so that such files
// do not stay for good. Another live writer's temporary and every other
// file are left alone. O(files in the folder).
func RemoveStale(path string) {
	dest, err := destination(path)
	if err != nil {
		return
	}
	removeStaleTemps(filepath.Dir(dest), TempPrefix(dest))
}

// removeStaleTemps deletes the temporaries that writers no longer running
// left in dir for one destination: names prefix + PID + "-" + digits whose
// process has ended. Another writer's live temporary and any other file
// are left alone. O(files in dir).
func removeStaleTemps(dir, prefix string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok {
			continue
		}
		pidText, random, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || !digits(random) || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
