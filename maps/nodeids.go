package maps

import (
	"fmt"
	"unicode"
)

// checkID refuses a graph node id that the text interfaces (query lines,
// path answers, command-line arguments) could not carry as one token:
// whitespace, a comma (the x,y cell syntax), a control character, or a
// leading '#' (a comment in query input) or '-' (a flag). O(len(id)).
func checkID(id string) error {
	switch id[0] {
	case '#', '-':
		return fmt.Errorf("%w %s: an id must not start with %q", ErrBadID, quoteStr(id), id[0])
	}
	for _, r := range id {
		if unicode.IsSpace(r) || unicode.IsControl(r) || r == ',' {
			return fmt.Errorf("%w %s: an id must not hold whitespace, commas or control characters", ErrBadID, quoteStr(id))
		}
	}
	return nil
}
