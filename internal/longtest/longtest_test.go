package longtest

import "testing"

func TestEnabledFollowsEnv(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "yes": false, "1": !testing.Short()} {
		t.Setenv(Env, v)
		if got := Enabled(); got != want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, v, got, want)
		}
	}
}
