package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
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
// holding n items. Each item(i) is encoded compact by encoding/json and indented by appendIndent
// into a reused buffer, so no buffer holds the document.
func streamJSON(out io.Writer, env any, key string, n int, item func(i int) any) error {
	var head bytes.Buffer
	if err := encodeJSON(&head, env); err != nil {
		return err
	}
	doc := head.Bytes()
	marker := []byte(`"` + key + `": []`)
	at := bytes.Index(doc, marker)
	if at < 0 || bytes.Count(doc, marker) != 1 {
		return words.Errorf("internal error: %T has no single empty %q array to stream", "内部错误：%T 中没有唯一的空数组 %q 可供流式写出", env, key)
	}
	if n == 0 {
		_, err := out.Write(doc)
		return err
	}
	end := at + len(marker) - 1
	ind := doc[bytes.LastIndexByte(doc[:at], '\n')+1 : at]
	prefix := string(ind) + jsonIndent

	buf := make([]byte, 0, 2*flushAt)
	buf = append(buf, doc[:end]...)
	var compact bytes.Buffer
	enc := json.NewEncoder(&compact)
	for i := range n {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '\n')
		buf = append(buf, prefix...)
		compact.Reset()
		if err := enc.Encode(item(i)); err != nil {
			return err
		}
		buf = appendIndent(buf, compact.Bytes()[:compact.Len()-1], prefix)
		if len(buf) >= flushAt {
			if _, err := out.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(buf, '\n')
	buf = append(buf, ind...)
	buf = append(buf, doc[end:]...)
	_, err := out.Write(buf)
	return err
}

// appendIndent appends src, compact JSON as encoding/json writes it, indented by jsonIndent with
// prefix after each newline, as json.Indent does.
func appendIndent(dst, src []byte, prefix string) []byte {
	depth := 0
	opened := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if opened && c != '}' && c != ']' {
			opened = false
			depth++
			dst = appendNewline(dst, prefix, depth)
		}
		switch c {
		case '"':
			end := stringEnd(src, i)
			dst = append(dst, src[i:end]...)
			i = end - 1
		case '{', '[':
			opened = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			dst = appendNewline(dst, prefix, depth)
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if opened {
				opened = false
			} else {
				depth--
				dst = appendNewline(dst, prefix, depth)
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// stringEnd returns the index after the closing quote of the JSON string that opens at src[start],
// or len(src) when it is not closed.
func stringEnd(src []byte, start int) int {
	for j := start + 1; ; j++ {
		k := bytes.IndexByte(src[j:], '"')
		if k < 0 {
			return len(src)
		}
		j += k
		backslashes := 0
		for m := j - 1; m > start && src[m] == '\\'; m-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return j + 1
		}
	}
}

func appendNewline(dst []byte, prefix string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for range depth {
		dst = append(dst, jsonIndent...)
	}
	return dst
}
