package memlimit_test

import (
	"errors"
	"fmt"

	"github.com/pathtable/pathtable/internal/memlimit"
)

func ExampleCheck() {
	memlimit.SetMax(64 << 20) // as -max-memory 64MiB does
	defer memlimit.SetMax(0)
	err := memlimit.Check(1<<30, "a flat table of 18,919 nodes")
	var e *memlimit.Error
	fmt.Println(errors.As(err, &e), e.Limit.Source)
	// Output: true -max-memory
}
