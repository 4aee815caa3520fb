package analyze

// Edition is one edition of the laws as a row of data: which events
// establish a revoke, the transfer formula, the exceptions, the articles to
// cite, and the scoring table. Adding an edition is adding a row.
type Edition struct {
	Name string // "1936" .. "2017"
}
