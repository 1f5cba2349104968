package csr

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestCheck breaks a valid two-node graph one invariant at a time.
func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		offsets []int32
		targets []int32
		weights []float64
		want    string // in the error; "" for none
	}{
		{"valid", []int32{0, 1, 2}, []int32{1, 0}, []float64{1, 0}, ""},
		{"no edges", []int32{0, 0}, nil, nil, ""},
		{"no offsets", nil, nil, nil, "no offsets"},
		{"first offset", []int32{1, 1, 2}, []int32{1, 0}, []float64{1, 1}, "do not match its 2 edges"},
		{"last offset", []int32{0, 1, 1}, []int32{1, 0}, []float64{1, 1}, "do not match its 2 edges"},
		{"weights short", []int32{0, 1, 2}, []int32{1, 0}, []float64{1}, "do not match its 2 edges"},
		{"decreasing", []int32{0, 2, 1, 2}, []int32{1, 0}, []float64{1, 1}, "decrease at node 1"},
		{"target high", []int32{0, 1, 2}, []int32{2, 0}, []float64{1, 1}, "edge 0 points to node 2 of 2"},
		{"target negative", []int32{0, 1, 2}, []int32{1, -1}, []float64{1, 1}, "edge 1 points to node -1 of 2"},
		{"negative cost", []int32{0, 1, 2}, []int32{1, 0}, []float64{1, -1}, "edge 1 has cost -1"},
		{"NaN cost", []int32{0, 1, 2}, []int32{1, 0}, []float64{math.NaN(), 1}, "edge 0 has cost NaN"},
		{"infinite cost", []int32{0, 1, 2}, []int32{1, 0}, []float64{math.Inf(1), 1}, "edge 0 has cost +Inf"},
	}
	for _, tc := range tests {
		err := Check(tc.offsets, tc.targets, tc.weights)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
		if strings.Contains(tc.name, "cost") != errors.Is(err, ErrBadCost) {
			t.Errorf("%s: errors.Is(%v, ErrBadCost) = %v", tc.name, err, errors.Is(err, ErrBadCost))
		}
	}
}
