// Package quote renders pieces of untrusted input for error messages:
// quoted, and cut short, so that a 10 MB token gives a one-line error.
package quote

import "strconv"

// MaxShown is how many bytes of the input an error message quotes.
const MaxShown = 40

// Bytes renders b quoted, and shortened with "..." when it is longer than
// MaxShown bytes. O(MaxShown).
func Bytes(b []byte) string {
	if len(b) > MaxShown {
		return strconv.Quote(string(b[:MaxShown])) + "..."
	}
	return strconv.Quote(string(b))
}

// String is Bytes for a string. O(MaxShown).
func String(s string) string {
	if len(s) > MaxShown {
		return strconv.Quote(s[:MaxShown]) + "..."
	}
	return strconv.Quote(s)
}

// Short renders a number or a word unquoted, or quoted and shortened when
// it is longer than MaxShown bytes. O(MaxShown).
func Short(b []byte) string {
	if len(b) > MaxShown {
		return strconv.Quote(string(b[:MaxShown])) + "..."
	}
	return string(b)
}
