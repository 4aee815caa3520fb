//go:build tools

package tools

import (
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/xuri/excelize/v2"
	_ "golang.org/x/text/encoding/charmap"
	_ "golang.org/x/text/message"
)
