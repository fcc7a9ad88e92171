package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// jsonIndent is the indent step of every JSON document lbdoctor writes.
const jsonIndent = "  "

// flushAt is the size at which a streamed document's buffer is written out.
const flushAt = 64 << 10

// encodeJSON writes v as a json.Encoder indenting by jsonIndent does: HTML-escaped, with a trailing
// newline.
func encodeJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", jsonIndent)
	return enc.Encode(v)
}

// streamList writes l exactly as encodeJSON does, one item at a time.
func streamList(out io.Writer, l List) error {
	items := l.Items
	l.Items = []Report{}
	return streamJSON(out, l, "items", len(items), func(i int) any { return &items[i] })
}

// streamSARIF writes log exactly as encodeJSON does, one result of its first run at a time.
func streamSARIF(out io.Writer, log SARIFLog) error {
	if len(log.Runs) == 0 || log.Runs[0].Results == nil {
		return encodeJSON(out, log)
	}
	runs := append([]SARIFRun(nil), log.Runs...)
	results := runs[0].Results
	runs[0].Results = []SARIFResult{}
	log.Runs = runs
	return streamJSON(out, log, "results", len(results), func(i int) any { return &results[i] })
}

// streamJSON writes the document encodeJSON would write for env with its one empty array under key
// holding n items, encoding item(i) in order into a reused buffer, so no buffer holds the document.
func streamJSON(out io.Writer, env any, key string, n int, item func(i int) any) error {
	var head bytes.Buffer
	if err := encodeJSON(&head, env); err != nil {
		return err
	}
	doc := head.Bytes()
	marker := []byte(`"` + key + `": []`)
	at := bytes.Index(doc, marker)
	if at < 0 || bytes.Count(doc, marker) != 1 {
		return fmt.Errorf("internal error: %T has no single empty %q array to stream", env, key)
	}
	if n == 0 {
		_, err := out.Write(doc)
		return err
	}
	end := at + len(marker) - 1
	ind := doc[bytes.LastIndexByte(doc[:at], '\n')+1 : at]
	prefix := string(ind) + jsonIndent

	buf := bytes.NewBuffer(make([]byte, 0, 2*flushAt))
	buf.Write(doc[:end])
	enc := json.NewEncoder(buf)
	enc.SetIndent(prefix, jsonIndent)
	for i := range n {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		buf.WriteString(prefix)
		if err := enc.Encode(item(i)); err != nil {
			return err
		}
		buf.Truncate(buf.Len() - 1)
		if buf.Len() >= flushAt {
			if _, err := out.Write(buf.Bytes()); err != nil {
				return err
			}
			buf.Reset()
		}
	}
	buf.WriteByte('\n')
	buf.Write(ind)
	buf.Write(doc[end:])
	_, err := out.Write(buf.Bytes())
	return err
}
