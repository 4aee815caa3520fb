package main

import (
	"runtime"
	"runtime/debug"
)

// version is the release the binary was built from, stamped by
// scripts/release.sh (-ldflags "-X main.version=..."); empty in a plain
// go build, where the module's version control facts stand in.
var version string

// versionText is what -version prints: the stamped version, else the
// commit that go build recorded, and the Go release and platform.
func versionText() string {
	v := version
	if v == "" {
		v = "devel"
		if info, ok := debug.ReadBuildInfo(); ok {
			var rev, modified string
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					modified = s.Value
				}
			}
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if rev != "" {
				v += " " + rev
				if modified == "true" {
					v += "+changes"
				}
			}
		}
	}
	return "revokes " + v + " (" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ")"
}
