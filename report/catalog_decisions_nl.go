package report

// The Dutch texts of the director's decisions (-decisions, decisions.go)
// and of what the workbook shows of them, added to dutch at start-up; the
// same rules as catalog_nl.go. A key already in dutch keeps its text.
var dutchDecisions = map[string]string{
	// Reading a decisions file (cmd/revokes stops with these, exit 2).
	"cannot read the decisions file %s: %v": "kan het beslissingenbestand %s niet lezen: %v",
	"%s, row %d: cannot read the decision %q: want apply, no-revoke or a whole number of tricks from 0 to 13": "%s, rij %d: kan de beslissing %q niet lezen: verwacht toepassen, geen-verzaking of een heel aantal slagen van 0 tot 13",
	"%s, row %d: the decision %q has no id":                   "%s, rij %d: de beslissing %q heeft geen id",
	"%s, row %d: id %s has the decision %q, but %q in row %d": "%s, rij %d: id %s heeft de beslissing %q, maar %q in rij %d",
	"%s, row %d: %v": "%s, rij %d: %v",
	"%s: no header row with the columns id and decision (a CSV report or workbook of revokes, with its Decision column)": "%s: geen kopregel met de kolommen id en beslissing (een CSV-rapport of werkmap van verzakingen, met de kolom Beslissing)",
	"row %d: no revoke of this run has the id %s of the decision %q: the decision is not used":                           "rij %d: geen verzaking van deze run heeft het id %s van de beslissing %q: de beslissing wordt niet gebruikt",
	// The Boards sheet's note on the Summary sheet.
	"One row per board with at least one revoke: its assessment (the most cautious of its revokes': suspect, then undetermined, then plausible), how many revokes were applied, and declarer's tricks and score as recorded and after the transfers of the applied revokes.": "Eén regel per spel met ten minste één verzaking: de beoordeling (de voorzichtigste van zijn verzakingen: verdacht, dan onbepaald, dan plausibel), hoeveel verzakingen werden toegepast, en slagen en score van de leider zoals genoteerd en na de overdrachten van de toegepaste verzakingen.",
	// The Decision column and its words (the Dutch ones read back too).
	"Id":        "Id",
	"Decision":  "Beslissing",
	"apply":     "toepassen",
	"no-revoke": "geen-verzaking",
	"apply: the law's transfer; no-revoke: an error of the record, nothing changes; or type a whole number of tricks (0 to 13) to transfer. Read back with -decisions.": "toepassen: de overdracht van de spelregels; geen-verzaking: een fout in het verslag, er verandert niets; of typ een heel aantal over te dragen slagen (0 tot 13). Wordt teruggelezen met -decisions.",
}

func init() {
	for en, nl := range dutchDecisions {
		if _, dup := dutch[en]; !dup {
			dutch[en] = nl
		}
	}
}
