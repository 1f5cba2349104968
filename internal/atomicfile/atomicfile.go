// Package atomicfile writes files so that readers see the old file or the
// new one, never half of either: the table writer and the picture writer
// share it.
package atomicfile

import (
	"io"
	"os"
	"path/filepath"
	"strings"
)

// TempPrefix is the name prefix of the temporary files Write makes beside
// path; one with this prefix that outlives its writer was left by a killed
// process.
func TempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// Write writes what write produces to path atomically: to a temporary file
// in the same folder, synced, then renamed over path, mode 0644. A write
// that fails or is killed leaves any previous file at path intact;
// temporaries left by a killed writer are removed by the next Write to the
// same path. Cost: the bytes written, one fsync, and a scan of the folder.
func Write(path string, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	removeStaleTemps(dir, TempPrefix(path))
	f, err := os.CreateTemp(dir, TempPrefix(path)+"*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// removeStaleTemps deletes temporaries an interrupted write left behind.
func removeStaleTemps(dir, prefix string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
