package build

import "math"

// ratioRange estimates the total of num over all units from a sample, as
// units·Σnum/Σden for each sampled unit's num and den (runs and rows of a
// block, say), with a range of two standard errors of the sample's ratios,
// narrowed by the share sampled (of total units). O(len(num)).
func ratioRange(num, den []float64, sampled, total int, units float64) (est, lo, hi float64) {
	var sn, sd float64
	for i := range num {
		sn += num[i]
		sd += den[i]
	}
	if sd == 0 {
		return 0, 0, 0
	}
	ratio := sn / sd
	est = ratio * units
	if len(num) < 2 || sampled >= total {
		return est, est, est
	}
	// Each unit's deviation from the ratio, weighted by its size.
	mean := sd / float64(len(den))
	var ss float64
	for i := range num {
		d := (num[i] - ratio*den[i]) / mean
		ss += d * d
	}
	k := float64(len(num))
	se := math.Sqrt(ss/(k-1)/k) * math.Sqrt(max(1-k/float64(total), 0))
	return est, max(est-2*se*units, 0), est + 2*se*units
}
