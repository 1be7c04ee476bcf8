package conversion

import "testing"

// TestPutCodecClears checks that a pooled codec keeps nothing of its
// request: not the values a failed read leaves on the stack, not values
// past the lengths. jsonvalue's TestWriterReset checks the writer's part.
func TestPutCodecClears(t *testing.T) {
	c := &codec{r: reader{intern: map[string]any{}}}
	body := reviewBody(ReviewV1, "u", "g/v1", `{"a":[1,"x",{"b":[true,"y"]},1e400]}`)
	if _, _, ok := c.scanRequest([]byte(body)); ok {
		t.Fatalf("scanRequest accepted 1e400 in %s", body)
	}
	if len(c.r.stack) == 0 {
		t.Fatal("the failed read left nothing on the stack: the test proves nothing")
	}
	// Values past a length.
	c.r.entries = append(c.r.entries, pair{"e", "v"})[:0]
	stack, entries := c.r.stack[:cap(c.r.stack)], c.r.entries[:cap(c.r.entries)]
	putCodec(c)
	if len(c.r.stack)+len(c.r.entries) != 0 {
		t.Errorf("putCodec left lengths %d, %d; want 0", len(c.r.stack), len(c.r.entries))
	}
	for i, v := range stack {
		if v != nil {
			t.Errorf("putCodec left stack[%d] = %#v", i, v)
		}
	}
	for i, e := range entries {
		if e != (pair{}) {
			t.Errorf("putCodec left entries[%d] = %#v", i, e)
		}
	}
}
