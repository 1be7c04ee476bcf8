package strfmt

import (
	"net"
	"net/mail"
	"net/url"
	"strings"
)

func isEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address != ""
}

func isHostname(s string) bool {
	if !rxHostname().MatchString(s) || len(s) > 255 {
		return false
	}
	for _, p := range strings.Split(s, ".") {
		if len(p) > 63 {
			return false
		}
	}
	return true
}

func isMAC(s string) bool {
	_, err := net.ParseMAC(s)
	return err == nil
}

func isRequestURI(s string) bool {
	_, err := url.ParseRequestURI(s)
	return err == nil
}

func isIPv6(s string) bool {
	return net.ParseIP(s) != nil && strings.Contains(s, ":")
}

// isIPv4 is strfmt's ipv4: any address that Kubernetes' sloppy parser
// reads (octets may have leading zeros), written with a dot, which
// includes IPv6 addresses ending in an IPv4 one.
func isIPv4(s string) bool {
	return parseIPSloppy(s) != nil && strings.Contains(s, ".")
}

// isCIDR is strfmt's cidr: an address as parseIPSloppy reads it, a slash
// and a prefix length in decimal, leading zeros allowed.
func isCIDR(s string) bool {
	i := strings.IndexByte(s, '/')
	if i < 0 {
		return false
	}
	addr, mask := s[:i], s[i+1:]
	bits := 32
	ip := parseIPv4Sloppy(addr)
	if ip == nil {
		bits = 128
		ip = parseIPv6Sloppy(addr)
	}
	n, c, ok := dtoi(mask)
	return ip != nil && ok && c == len(mask) && n <= bits
}

// parseIPSloppy is the Go 1.16 net.ParseIP that Kubernetes keeps (package
// k8s.io/utils/net): like net.ParseIP, but IPv4 octets may have leading
// zeros.
func parseIPSloppy(s string) net.IP {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			return parseIPv4Sloppy(s)
		case ':':
			return parseIPv6Sloppy(s)
		}
	}
	return nil
}

func parseIPv4Sloppy(s string) net.IP {
	var p [4]byte
	for i := range p {
		if i > 0 {
			if s == "" || s[0] != '.' {
				return nil
			}
			s = s[1:]
		}
		n, c, ok := dtoi(s)
		if !ok || n > 0xFF {
			return nil
		}
		s = s[c:]
		p[i] = byte(n)
	}
	if s != "" {
		return nil
	}
	return net.IPv4(p[0], p[1], p[2], p[3])
}

// parseIPv6Sloppy parses an IPv6 address whose trailing IPv4 part, if
// any, may have leading zeros: that part is rewritten without them and
// the whole parsed by net.ParseIP, which otherwise agrees with Go 1.16.
func parseIPv6Sloppy(s string) net.IP {
	if strings.ContainsAny(s, "%") {
		return nil
	}
	if i := strings.LastIndexByte(s, ':'); i >= 0 && strings.Contains(s[i:], ".") {
		v4 := parseIPv4Sloppy(s[i+1:])
		if v4 == nil {
			return nil
		}
		s = s[:i+1] + v4.String()
	}
	if !strings.Contains(s, ":") {
		return nil
	}
	return net.ParseIP(s)
}

// dtoi reads a decimal number at the start of s: the number, the digits
// read, and whether there was one below 0xFFFFFF.
func dtoi(s string) (n, i int, ok bool) {
	const big = 0xFFFFFF
	for i = 0; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n >= big {
			return big, i, false
		}
	}
	return n, i, i > 0
}
