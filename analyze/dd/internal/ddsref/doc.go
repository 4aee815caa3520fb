// Package ddsref calls Bo Haglund's DDS library (Debian's libdds-dev)
// through cgo, as the reference the tests of package dd compare with. It
// is built only with the build tag dds; without it the package is empty,
// so the default build stays pure Go.
package ddsref
