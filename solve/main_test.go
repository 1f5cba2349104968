package solve

import (
	"os"
	"testing"

	"github.com/pathtable/pathtable/internal/sharedmaps"
)

// TestMain says in one line how many tests skipped for want of the
// Moving AI maps in ../shared.
func TestMain(m *testing.M) { os.Exit(sharedmaps.Main(m)) }
