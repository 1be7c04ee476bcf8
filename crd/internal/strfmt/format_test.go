package strfmt

import "testing"

func TestFormats(t *testing.T) {
	tests := []struct {
		format, value string
		want          bool
	}{
		{"date", "2020-02-29", true},
		{"date", "2021-02-29", false},
		{"date", "2020-1-01", false},
		{"date-time", "2020-01-01T10:00:00Z", true},
		{"date-time", "2020-01-01t10:00:00.5+01:00", true},
		{"date-time", "2020-01-01T24:00:00Z", false},
		{"date-time", "2020-01-01", false},
		{"datetime", "2020-01-01T10:00:00Z", true},
		{"d-a-t-e", "2020-01-01", true},
		{"duration", "1h30m", true},
		{"duration", "3 days", true},
		{"duration", "3 fortnights", false},
		{"byte", "aGVsbG8=", true},
		{"byte", "hello", false},
		{"uuid", "550E8400-e29b-41d4-a716-446655440000", true},
		{"uuid4", "550e8400-e29b-31d4-a716-446655440000", false},
		{"ipv4", "010.1.1.1", true},
		{"ipv4", "1.2.3.256", false},
		{"ipv4", "::ffff:1.2.3.4", true},
		{"ipv6", "::1", true},
		{"ipv6", "1.2.3.4", false},
		{"cidr", "10.0.0.0/08", true},
		{"cidr", "10.0.0.0/33", false},
		{"cidr", "::/0", true},
		{"hostname", "example.com", true},
		{"hostname", "-bad", false},
		{"email", "a@b.c", true},
		{"email", "nope", false},
		{"uri", "/path", true},
		{"uri", "relative", false},
		{"mac", "01:23:45:67:89:ab", true},
		{"k8s-short-name", "abc-1", true},
		{"k8s-short-name", "a.b", false},
		{"k8s-long-name", "a.b", true},
		{"bsonobjectid", "507f1f77bcf86cd799439011", true},
		{"creditcard", "4111 1111 1111 1111", true},
		{"creditcard", "4111 1111 1111 1112", false},
		{"isbn10", "0-306-40615-2", true},
		{"isbn13", "978-0-306-40615-7", true},
		{"isbn", "978-0-306-40615-8", false},
		{"ssn", "123-45-6789", true},
		{"hexcolor", "#fff", true},
		{"rgbcolor", "rgb(255, 0, 0)", true},
		{"rgbcolor", "rgb(256, 0, 0)", false},
		{"password", "anything", true},
	}
	for _, tt := range tests {
		if !Known(tt.format) {
			t.Errorf("Known(%q) = false, want true", tt.format)
		}
		if got := Valid(tt.format, tt.value); got != tt.want {
			t.Errorf("Valid(%q, %q) = %v, want %v", tt.format, tt.value, got, tt.want)
		}
	}
	for _, name := range []string{"", "int32", "float", "Date", "bogus"} {
		if Known(name) {
			t.Errorf("Known(%q) = true, want false", name)
		}
	}
}
