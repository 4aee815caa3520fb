package analyze

import "strings"

var months = [...]string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// ParseDate reads a board's Date tag as yyyymmdd, or 0 when it is not a
// usable date. It accepts the PBN form "2017.09.01" and what real exporters
// write: "2013-08-10 17:04", "2013/08/10", "10.08.2013", "1-Dec-2023". An
// unknown month or day ("2012.??.??") counts as the first; an unknown year,
// or a month or day out of range ("2017.13.45"), makes the date unusable.
func ParseDate(s string) int {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, " T"); i > 0 {
		s = s[:i]
	}
	var parts [3]string
	n := 0
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' || s[i] == '-' || s[i] == '/' {
			if i > start {
				if n == 3 {
					return 0
				}
				parts[n] = s[start:i]
				n++
			}
			start = i + 1
		}
	}
	if n != 3 {
		return 0
	}
	var y, m, d int
	switch {
	case len(parts[0]) == 4: // year first
		y, m, d = num(parts[0]), num(parts[1]), num(parts[2])
	case len(parts[2]) == 4: // day first
		y, d = num(parts[2]), num(parts[0])
		m = num(parts[1])
		if m < 0 && len(parts[1]) >= 3 {
			m = -1
			for i, name := range months {
				if strings.EqualFold(parts[1][:3], name) {
					m = i + 1
				}
			}
		}
	default:
		return 0
	}
	if y <= 0 || y < 1900 || y > 2999 {
		return 0
	}
	if m == -2 { // unknown (question marks)
		m = 1
	}
	if d == -2 {
		d = 1
	}
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return 0
	}
	return y*10000 + m*100 + d
}

// num reads a decimal number; -2 when it is all question marks, -1 when it
// is not a number.
func num(s string) int {
	if s == "" {
		return -1
	}
	if strings.Trim(s, "?") == "" {
		return -2
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' || n > 1e6 {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
