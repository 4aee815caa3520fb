package pbnfile

import (
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// appendWindows1252 appends b, decoded as Windows-1252, to dst as UTF-8.
func appendWindows1252(dst, b []byte) []byte {
	for _, c := range b {
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			continue
		}
		dst = utf8.AppendRune(dst, charmap.Windows1252.DecodeByte(c))
	}
	return dst
}

// isASCII reports whether b holds only 7-bit bytes.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if x&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
