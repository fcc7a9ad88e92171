package snapshot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sync"

	"google.golang.org/protobuf/encoding/protowire"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
)

// protoObject is a built-in kind that decodes itself from protobuf.
type protoObject interface {
	runtime.Object
	Unmarshal([]byte) error
}

// restFor returns the REST client of a built-in API group, nil when the clients have none (the fake
// clientset of unit tests).
func restFor(c Clients, group string) rest.Interface {
	if c.Kube == nil {
		return nil
	}
	var rc rest.Interface
	switch group {
	case "":
		rc = c.Kube.CoreV1().RESTClient()
	case "apps":
		rc = c.Kube.AppsV1().RESTClient()
	case "networking.k8s.io":
		rc = c.Kube.NetworkingV1().RESTClient()
	case "discovery.k8s.io":
		rc = c.Kube.DiscoveryV1().RESTClient()
	case "admissionregistration.k8s.io":
		rc = c.Kube.AdmissionregistrationV1().RESTClient()
	}
	if rc == nil || reflect.ValueOf(rc).IsNil() {
		return nil
	}
	return rc
}

// listPages LISTs resource in namespace ns ("" for all) with o, page after page when o.Limit is set,
// and hands the items to page as they are decoded. With a REST client it reads the protobuf answer
// through a reused buffer and decodes item by item (no copy of the whole answer, no list to grow),
// and asks for the next page as soon as the page's head names it, so the server prepares a page
// while this one is read; without one (fake clients) it calls list.
func listPages[T protoObject, L interface {
	runtime.Object
	GetContinue() string
}](ctx context.Context, rc rest.Interface, resource, ns string,
	o metav1.ListOptions, newObj func() T, skip skipTree, list func(context.Context, metav1.ListOptions) (L, error), page func([]T)) error {
	if rc == nil {
		return pages(ctx, o, list, func(l L) {
			objs, _ := meta.ExtractList(l)
			items := make([]T, 0, len(objs))
			for _, obj := range objs {
				if t, ok := obj.(T); ok {
					items = append(items, t)
				} else if t, ok := fromWire(newObj, obj); ok {
					items = append(items, t)
				}
			}
			page(items)
		})
	}
	open := func(o metav1.ListOptions) <-chan openPage {
		ch := make(chan openPage, 1)
		go func() {
			body, err := rc.Get().NamespaceIfScoped(ns, ns != "").Resource(resource).
				VersionedParams(&o, scheme.ParameterCodec).Stream(ctx)
			ch <- openPage{body, err}
		}()
		return ch
	}
	next := open(o)
	for next != nil {
		p := <-next
		if p.err != nil {
			return p.err
		}
		next = nil
		err := readPage(p.body, newObj, skip, func(cont string) {
			if cont != "" {
				o.Continue = cont
				next = open(o)
			}
		}, page)
		p.body.Close()
		if err != nil {
			if next != nil {
				go func(ch <-chan openPage) {
					if p := <-ch; p.body != nil {
						p.body.Close()
					}
				}(next)
			}
			return err
		}
	}
	return nil
}

type openPage struct {
	body io.ReadCloser
	err  error
}

// pageBuffers are the read buffers of list pages: a page is decoded into objects that copy what
// they keep, so its buffer serves the next page.
var pageBuffers = sync.Pool{New: func() any { return new([]byte) }}

// protobufMagic starts every protobuf answer of the API server.
var protobufMagic = []byte("k8s\x00")

var errTruncated = errors.New("truncated protobuf list")

// maxPage bounds the length a page's answer may announce.
const maxPage = 1 << 30

// pageReader reads an answer into a buffer on demand. Offsets are from the start of the answer;
// the buffer holds the bytes from base on, so a decoded item's bytes can be dropped (discard) and
// a long answer is read through a window a few items wide.
type pageReader struct {
	r    io.Reader
	buf  []byte
	base int
	eof  bool
}

// minRead is the least room a growing buffer gets, so reads stay large.
const minRead = 256 << 10

// fill reads until the buffer holds the answer's bytes up to offset n; it reports false at the end
// of the answer.
func (p *pageReader) fill(n int) (bool, error) {
	n -= p.base
	if n > cap(p.buf) {
		nb := make([]byte, len(p.buf), max(n, 2*cap(p.buf), minRead))
		copy(nb, p.buf)
		p.buf = nb
	}
	for len(p.buf) < n {
		if p.eof {
			return false, nil
		}
		m, err := p.r.Read(p.buf[len(p.buf):cap(p.buf)])
		p.buf = p.buf[:len(p.buf)+m]
		if err == io.EOF {
			p.eof = true
		} else if err != nil {
			return false, err
		}
	}
	return true, nil
}

// at returns the buffered bytes from offset off to offset end.
func (p *pageReader) at(off, end int) []byte { return p.buf[off-p.base : end-p.base] }

// discard drops the bytes before offset off once they are at least half of the buffer.
func (p *pageReader) discard(off int) {
	if k := off - p.base; k > 0 && k >= len(p.buf)/2 {
		p.buf = p.buf[:copy(p.buf, p.buf[k:])]
		p.base = off
	}
}

// readAll reads the rest of the answer.
func (p *pageReader) readAll() error {
	for !p.eof {
		if _, err := p.fill(p.base + len(p.buf) + 1); err != nil {
			return err
		}
	}
	return nil
}

// field reads the tag and, for length-delimited fields, the length of the field at off; it returns
// the field number, type, where its value starts and ends (end is -1 for values that are not
// length-delimited and must be skipped with protowire.ConsumeFieldValue).
func (p *pageReader) field(off int) (num protowire.Number, typ protowire.Type, start, end int, err error) {
	// A tag and a length are at most 10 bytes each.
	if _, err = p.fill(off + 20); err != nil {
		return
	}
	if off-p.base >= len(p.buf) {
		return 0, 0, 0, 0, errTruncated
	}
	num, typ, n := protowire.ConsumeTag(p.buf[off-p.base:])
	if n < 0 {
		return 0, 0, 0, 0, errTruncated
	}
	start = off + n
	if typ != protowire.BytesType {
		return num, typ, start, -1, nil
	}
	l, m := protowire.ConsumeVarint(p.buf[start-p.base:])
	if m < 0 || l > maxPage {
		return 0, 0, 0, 0, errTruncated
	}
	start += m
	return num, typ, start, start + int(l), nil
}

// readBatch is how many decoded objects readPage hands over at a time, so a reader that keeps few
// of them (the referenced Secrets of a Secrets list) never holds a whole answer's objects.
const readBatch = 500

// readPage decodes one LIST answer into objects, handing them to emit readBatch at a time, and calls
// cont with the list's continue token as soon as it is read (before the items, in the order the API
// server writes a list). After an error, objects already handed over stay handed over.
func readPage[T protoObject](body io.Reader, newObj func() T, skip skipTree, cont func(string), emit func([]T)) error {
	bp := pageBuffers.Get().(*[]byte)
	p := &pageReader{r: body, buf: (*bp)[:0]}
	defer func() {
		*bp = p.buf[:0]
		pageBuffers.Put(bp)
	}()
	if ok, err := p.fill(len(protobufMagic)); err != nil {
		return err
	} else if !ok || !bytes.Equal(p.buf[:len(protobufMagic)], protobufMagic) {
		return decodeOther(p, newObj, cont, emit)
	}
	// The envelope (runtime.Unknown): the list's bytes are field 2; a content encoding (field 3)
	// other than none is not one this reader knows.
	rawStart, rawEnd := -1, -1
	off := len(protobufMagic)
	for rawStart < 0 {
		num, typ, start, end, err := p.field(off)
		if err != nil {
			return err
		}
		if end < 0 || typ != protowire.BytesType {
			return fmt.Errorf("unexpected protobuf envelope field %d", num)
		}
		if num == 2 {
			rawStart, rawEnd = start, end
			break
		}
		off = end
	}
	var items []T
	var scratch []byte
	listed := false
	off = rawStart
	for off < rawEnd {
		num, typ, start, end, err := p.field(off)
		if err != nil {
			return err
		}
		if start > rawEnd || end > rawEnd {
			return errTruncated
		}
		if end < 0 {
			if ok, err := p.fill(rawEnd); err != nil {
				return err
			} else if !ok {
				return errTruncated
			}
			n := protowire.ConsumeFieldValue(num, typ, p.at(start, rawEnd))
			if n < 0 {
				return errTruncated
			}
			off = start + n
			continue
		}
		if ok, err := p.fill(end); err != nil {
			return err
		} else if !ok {
			return errTruncated
		}
		switch num {
		case 1:
			var lm metav1.ListMeta
			if err := lm.Unmarshal(p.at(start, end)); err != nil {
				return err
			}
			listed = true
			cont(lm.Continue)
		case 2:
			obj := newObj()
			var err error
			if scratch, err = filtered(scratch[:0], p.at(start, end), skip); err != nil {
				return err
			}
			if err := obj.Unmarshal(scratch); err != nil {
				return err
			}
			items = append(items, obj)
			if len(items) == readBatch {
				emit(items)
				items = make([]T, 0, readBatch)
			}
		}
		off = end
		p.discard(off)
	}
	if !listed {
		cont("")
	}
	if err := p.readAll(); err != nil {
		return err
	}
	if err := checkEnvelopeTail(p.at(rawEnd, p.base+len(p.buf))); err != nil {
		return err
	}
	if len(items) > 0 {
		emit(items)
	}
	return nil
}

// checkEnvelopeTail refuses an answer whose envelope names a content encoding.
func checkEnvelopeTail(b []byte) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return errTruncated
		}
		b = b[n:]
		if num == 3 && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(b)
			if m < 0 {
				return errTruncated
			}
			if len(v) > 0 {
				return fmt.Errorf("unsupported protobuf content encoding %q", v)
			}
		}
		m := protowire.ConsumeFieldValue(num, typ, b)
		if m < 0 {
			return errTruncated
		}
		b = b[m:]
	}
	return nil
}

// decodeOther decodes an answer that is not protobuf (JSON from a server or proxy that ignores the
// protobuf Accept header) with the client's codecs.
func decodeOther[T protoObject](p *pageReader, newObj func() T, cont func(string), emit func([]T)) error {
	if err := p.readAll(); err != nil {
		return err
	}
	obj, _, err := scheme.Codecs.UniversalDeserializer().Decode(p.buf, nil, nil)
	if err != nil {
		cont("")
		return err
	}
	la, err := meta.ListAccessor(obj)
	if err != nil {
		cont("")
		return err
	}
	cont(la.GetContinue())
	objs, err := meta.ExtractList(obj)
	if err != nil {
		return err
	}
	items := make([]T, 0, len(objs))
	for _, o := range objs {
		t, ok := o.(T)
		if !ok {
			if t, ok = fromWire(newObj, o); !ok {
				return fmt.Errorf("unexpected list item %T", o)
			}
		}
		items = append(items, t)
	}
	emit(items)
	return nil
}

// skipTree names the fields of a message that a live read leaves out before decoding: a nil subtree
// drops the field, another filters inside it. It only drops what trim drops after decoding anyway
// (a test holds the two to the same result), so decoding and trimming do not pay for it.
type skipTree map[protowire.Number]skipTree

// skipMeta drops an object's managed fields (ObjectMeta field 17; metadata is field 1 of every
// built-in kind).
var skipMeta = skipTree{1: {17: nil}}

// skipPod drops, besides managed fields, what PodOf does not keep of a Pod: volumes, init and ephemeral
// containers, scheduling constraints, the security and DNS settings; of each container its command,
// environment, mounts, liveness and startup probes and security context; the container statuses
// and addresses of the status.
var skipPod = skipTree{
	1: {17: nil},
	2: {1: nil, 14: nil, 18: nil, 20: nil, 22: nil, 23: nil, 26: nil, 33: nil, 34: nil,
		2: {3: nil, 4: nil, 7: nil, 9: nil, 10: nil, 15: nil, 19: nil, 21: nil, 22: nil}},
	3: {8: nil, 10: nil, 12: nil, 13: nil, 15: nil, 16: nil},
}

// filtered appends to dst the message src without the fields t drops.
func filtered(dst, src []byte, t skipTree) ([]byte, error) {
	for len(src) > 0 {
		num, typ, n := protowire.ConsumeTag(src)
		if n < 0 {
			return nil, errTruncated
		}
		m := protowire.ConsumeFieldValue(num, typ, src[n:])
		if m < 0 {
			return nil, errTruncated
		}
		sub, listed := t[num]
		switch {
		case !listed:
			dst = append(dst, src[:n+m]...)
		case sub == nil:
		case typ != protowire.BytesType:
			return nil, fmt.Errorf("protobuf field %d is not a message", num)
		default:
			val, _ := protowire.ConsumeBytes(src[n:])
			size, err := filteredSize(val, sub)
			if err != nil {
				return nil, err
			}
			dst = protowire.AppendTag(dst, num, typ)
			dst = protowire.AppendVarint(dst, uint64(size))
			if dst, err = filtered(dst, val, sub); err != nil {
				return nil, err
			}
		}
		src = src[n+m:]
	}
	return dst, nil
}

// filteredSize is the length of filtered(nil, src, t).
func filteredSize(src []byte, t skipTree) (int, error) {
	size := 0
	for len(src) > 0 {
		num, typ, n := protowire.ConsumeTag(src)
		if n < 0 {
			return 0, errTruncated
		}
		m := protowire.ConsumeFieldValue(num, typ, src[n:])
		if m < 0 {
			return 0, errTruncated
		}
		sub, listed := t[num]
		switch {
		case !listed:
			size += n + m
		case sub == nil:
		case typ != protowire.BytesType:
			return 0, fmt.Errorf("protobuf field %d is not a message", num)
		default:
			val, _ := protowire.ConsumeBytes(src[n:])
			s, err := filteredSize(val, sub)
			if err != nil {
				return 0, err
			}
			size += n + protowire.SizeVarint(uint64(s)) + s
		}
		src = src[n+m:]
	}
	return size, nil
}
