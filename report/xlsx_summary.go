package report

// The Summary sheet: what was read and found, the re-scoring's counts
// and checks, and how to read the workbook.

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// summarySheet writes the Summary sheet row by row: column A the labels,
// B the values; widthA grows to the longest bold label of the language.
type summarySheet struct {
	x      *XLSX
	row    int
	widthA float64
}

// set writes v to column col of the current row, in style (0: none).
func (w *summarySheet) set(col string, v any, style int) error {
	f, sh := w.x.f, w.x.names.summary
	ref := fmt.Sprintf("%s%d", col, w.row)
	if err := f.SetCellValue(sh, ref, v); err != nil {
		return err
	}
	if l, ok := v.(string); ok && col == "A" && style == w.x.st.label {
		w.widthA = max(w.widthA, float64(len([]rune(l)))*1.15+2)
	}
	if style != 0 {
		return f.SetCellStyle(sh, ref, ref, style)
	}
	return nil
}

// pair writes a row of a label (a catalog key) and its value.
func (w *summarySheet) pair(label string, v any, style int) error {
	if err := w.set("A", tr(w.x.p, label), w.x.st.label); err != nil {
		return err
	}
	if err := w.set("B", v, style); err != nil {
		return err
	}
	w.row++
	return nil
}

// section writes a section's title after an empty row.
func (w *summarySheet) section(title string) error {
	w.row++
	if err := w.set("A", tr(w.x.p, title), w.x.st.section); err != nil {
		return err
	}
	ref := fmt.Sprintf("B%d", w.row)
	if err := w.x.f.SetCellStyle(w.x.names.summary, ref, ref, w.x.st.section); err != nil {
		return err
	}
	w.row++
	return nil
}

// writeSummary writes the run facts, the counts and how to read the
// workbook.
func (x *XLSX) writeSummary(s *Summary) error {
	f, p, sh := x.f, x.p, x.names.summary
	w := &summarySheet{x: x, row: 1, widthA: 36}
	if err := f.SetColWidth(sh, "A", "A", 36); err != nil {
		return err
	}
	if err := f.SetColWidth(sh, "B", "B", 90); err != nil {
		return err
	}
	if err := w.set("A", tr(p, "Revoke audit"), x.st.title); err != nil {
		return err
	}
	if err := f.SetRowHeight(sh, 1, 28); err != nil {
		return err
	}
	w.row++
	if err := w.set("A", tr(p, "Bridge play records checked for revokes under the Laws of Duplicate Bridge"), x.st.subtitle); err != nil {
		return err
	}
	w.row++
	for _, block := range []func(*XLSX, *summarySheet, *Summary) error{(*XLSX).summaryRun, (*XLSX).summaryCounts, (*XLSX).summaryNotes} {
		if err := block(x, w, s); err != nil {
			return err
		}
	}
	return f.SetColWidth(sh, "A", "A", w.widthA)
}

// summaryRun writes the Run section: the run's facts, its inputs and the
// editions applied.
func (x *XLSX) summaryRun(w *summarySheet, s *Summary) error {
	p := x.p
	// Run facts.
	if err := w.section("Run"); err != nil {
		return err
	}
	edition := s.Edition
	if edition == "" || edition == "auto" {
		edition = tr(p, "auto: the edition in force on the date of each board")
	}
	attention := s.Attention
	if attention == "" {
		attention = "end-of-play"
	}
	facts := []struct {
		label string
		v     any
		style int
	}{
		{"Date of the run", x.start.Truncate(time.Minute), x.st.date},
		{"Edition of the laws", edition, 0},
		{"Irregularity noticed", tr(p, attention), 0},
		{"Revokes that change a result", tr(p, applyText(s.Apply)), 0}, // laws.md A24
		{"Language", tr(p, "English"), 0},
		{"Elapsed time (seconds)", float64(s.ElapsedMS) / 1000, x.st.leftRate},
	}
	for _, fa := range facts {
		if err := w.pair(fa.label, fa.v, fa.style); err != nil {
			return err
		}
	}
	const maxInputs = 50
	for i, in := range s.Inputs {
		label := ""
		if i == 0 {
			label = "Inputs"
		}
		if i == maxInputs {
			if err := w.pair(label, tr(p, "… and %d more", len(s.Inputs)-maxInputs), 0); err != nil {
				return err
			}
			break
		}
		if err := w.set("A", tr(p, label), x.st.label); err != nil {
			return err
		}
		if err := w.set("B", cleanText(in), 0); err != nil {
			return err
		}
		w.row++
	}
	if len(x.stats.editions) > 0 {
		names := make([]string, 0, len(x.stats.editions))
		for n := range x.stats.editions {
			names = append(names, n)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = tr(p, "%s: %d", n, x.stats.editions[n])
		}
		if err := w.pair("Editions applied (boards)", strings.Join(parts, "; "), 0); err != nil {
			return err
		}
	}

	return nil
}

// summaryCounts writes the Counts section, the rows a sheet left out and
// the re-scoring's counts.
func (x *XLSX) summaryCounts(w *summarySheet, s *Summary) error {
	p := x.p
	// Counts.
	if err := w.section("Counts"); err != nil {
		return err
	}
	counts := []struct {
		label string
		n     int
	}{
		{"Files read", s.Files},
		{"Empty files", s.EmptyFiles},
		{"Files that are not records (not PBN or LIN)", s.FilesNotRecords},
		{"Boards read", s.Games},
		{"Boards with play", s.GamesWithPlay},
		{"Boards analysed", s.GamesAnalysed},
		{"Boards skipped", s.GamesSkipped},
		{"Boards read twice (later copies, left out of the other counts)", s.GamesDuplicate},
		{"Revokes", s.Revokes},
		{"Plausible revokes", s.RevokesPlausible}, // laws.md A14
		{"Suspect revokes", s.RevokesSuspect},
		{"Undetermined revokes", s.RevokesUndetermined},
		{"Revokes applied", s.RevokesApplied}, // laws.md A24
		{"Established revokes", s.Established},
		{"Tricks transferred", s.TricksTransferred},
		{"Equity short (Law 64C)", s.EquityShort},
		{"Problems", s.Problems},
	}
	for _, c := range counts {
		if err := w.pair(c.label, c.n, x.st.bold); err != nil {
			return err
		}
	}
	if c := s.Corrected; c != nil {
		// rescoring.md §10: the corrected archive.
		if err := w.pair("Corrected copies", tr(p, "%d PBN files written under %s; LIN inputs are not copied (%d with a changed board)", c.Files, c.Dir, c.LIN), 0); err != nil {
			return err
		}
	}

	for _, st := range []*stream{x.rev, x.brd, x.prob} {
		if st.dropped > 0 {
			msg := tr(p, "%d rows left out: a sheet holds at most 1,048,576 rows (the CSV and JSON Lines reports hold them all)", st.dropped)
			if err := w.pair(st.sheet, msg, 0); err != nil {
				return err
			}
		}
	}
	if n := x.rul.dropped; n > 0 {
		if err := w.pair(x.names.rulings, tr(p, "%d revokes have no ruling page: the sheet holds %d, the plausible revokes first", n, x.rul.max), 0); err != nil {
			return err
		}
	}
	// The re-scoring's counts, with the others (rescore_xlsx.go).
	if s.Rescore != nil {
		if err := w.section("Re-scoring"); err != nil {
			return err
		}
		for _, c := range x.rescoreCounts(s.Rescore) {
			if err := w.pair(c.label, c.v, c.style); err != nil {
				return err
			}
		}
	}

	return nil
}

// summaryNotes writes how to read the workbook, a note per sheet.
func (x *XLSX) summaryNotes(w *summarySheet, s *Summary) error {
	p := x.p
	// How to read.
	if err := w.section("How to read this workbook"); err != nil {
		return err
	}
	notes := [][2]string{
		{"Revokes", "One row per revoke: where it happened, who revoked, the card played and the cards of the led suit still held, whether it was established, the tricks transferred, the law applied (Rule) and the reason. Use the filter buttons in the header row."},
		{"Boards", "One row per board with at least one revoke: its assessment (the most cautious of its revokes': suspect, then undetermined, then plausible), how many revokes were applied, and declarer's tricks and score as recorded and after the transfers of the applied revokes."},
		{"Problems", "What could not be read, or was read with an assumption. A board with an error is counted as skipped, never dropped silently."},
		{"Statistics", "Revokes per 1,000 boards with play with their 95%% intervals, overall and by trick, year, edition and event, and how the revokes are distributed, each table with a chart. A board stored twice counts once."},
		{"Rulings", "One printable page per revoke, what a director needs to rule: the deal, the auction, the play trick by trick and the ruling with its article. On Revokes, click the game number for the revoke's ruling and the board number for its row on Boards; each ruling links back."},
		{"Assessment", "Plausible: nothing in the record speaks against a revoke by the players. Suspect: the record itself makes a typing or conversion error the likelier story (the Evidence column says why). Undetermined: the revoke is in the last trick the record holds, so nothing shows how the hand went on. Every failure to follow is listed with the law's answer, whatever its assessment."},
		{"Equity short (Law 64C)", "A double-dummy estimate suggests the revoke gained more tricks than the penalty gave back, so the director may need to adjust. The estimate is advisory."},
		{"Codes", "Flags, rule references and problem codes are the same in every language. Seats, vulnerability, roles and the other values are shown in the language of this workbook; the CSV and JSON reports give them as codes (N, E, S, W; None, NS, EW, All; declarer, dummy, defender)."},
	}
	if s.Rescore != nil {
		notes = append(notes, [2]string{"Rescoring", "One block per board whose score changed: every table's contract, tricks, score and value before and after the applied transfers, North-South and East-West, the corrected table marked; under each block the method and how many of the file's stated values were reproduced."},
			[2]string{"Ranking", "Every pair or team of each re-scored session: rank, total and percentage before and after the corrections, the changed rows marked, and a chart of the largest moves in rank."})
	}
	for _, n := range notes {
		if err := w.set("A", tr(p, n[0]), x.st.label); err != nil {
			return err
		}
		txt := tr(p, n[1])
		if err := w.set("B", txt, x.st.note); err != nil {
			return err
		}
		// Wrapped text: give the row the height of its lines.
		lines := (len([]rune(txt)) + 99) / 100
		if err := x.f.SetRowHeight(x.names.summary, w.row, float64(15*max(lines, 1)+3)); err != nil {
			return err
		}
		w.row++
	}
	return nil
}

// applyText is the catalog key that says which revokes change a result
// under the -apply mode (laws.md A24).
func applyText(mode string) string {
	if mode == "all" {
		return "every established revoke (-apply all)"
	}
	return "the established revokes assessed plausible (-apply plausible)"
}
