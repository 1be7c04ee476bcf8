package webhookcheck

import (
	"math"
	"testing"
)

// TestWebhookNumbersExact checks that numbers are the same when the API
// server would store the same digits, not when their float64 values are.
func TestWebhookNumbersExact(t *testing.T) {
	tests := []struct {
		a, b any
		same bool
	}{
		{int64(1), 1.0, true},
		{int64(1), int64(1), true},
		{int64(1), int64(2), false},
		{int64(9007199254740993), 9007199254740992.0, false},
		{int64(9007199254740992), 9007199254740992.0, true},
		{int64(math.MaxInt64), float64(math.MaxInt64), false}, // the float64 is 2^63
		{int64(1 << 60), float64(1 << 60), false},             // the server writes the float64 as 1152921504606847000
		{int64(1152921504606847000), float64(1 << 60), true},  // and reads that back as this int64
		{math.Copysign(0, -1), int64(0), true},                // "-0" is read back as 0
		{0.1, 0.1, true},
		{0.1, 0.30000000000000004 - 0.2, false},
		{1e21, 1e21, true},
		{int64(1), "1", false},
		{int64(1), true, false},
	}
	for _, tt := range tests {
		if got := sameValue(tt.a, tt.b); got != tt.same {
			t.Errorf("sameValue(%#v, %#v) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
		if got := sameValue(tt.b, tt.a); got != tt.same {
			t.Errorf("sameValue(%#v, %#v) = %v, want %v", tt.b, tt.a, got, tt.same)
		}
	}
}
