package directio

import (
	"os"
	"syscall"
)

// openDirect opens f's file again for writing with O_DIRECT, or returns
// nil where the file system refuses it (tmpfs before Linux 6.6, some
// network file systems).
func openDirect(f *os.File) *os.File {
	return sameFile(f, f.Name(), os.O_WRONLY|syscall.O_DIRECT)
}
