import { describe, expect, it } from 'vitest';
import { initialSlider, SLIDER_TEXTS, sliderReducer, type SliderEvent, type SliderState } from '../../../../../runtime/widgets/sliderCheck/sliderCheck';

const run = (events: SliderEvent[], start: SliderState = initialSlider(200)) => events.reduce(sliderReducer, start);

describe('drag-slider human check', () => {
  it('verifies when the handle is dragged to the end of the track', () => {
    const dragging = run([{ type: 'press', x: 10 }, { type: 'move', x: 110 }]);
    expect(dragging).toMatchObject({ phase: 'dragging', offset: 100 });
    const verified = sliderReducer(dragging, { type: 'move', x: 400 });
    expect(verified).toMatchObject({ phase: 'verified', offset: 200 });
    // Letting go and dragging again changes nothing once verified.
    expect(run([{ type: 'release' }, { type: 'press', x: 0 }, { type: 'move', x: 0 }], verified)).toMatchObject({ phase: 'verified', offset: 200 });
  });

  it('goes back to the start when released early', () => {
    expect(run([{ type: 'press', x: 0 }, { type: 'move', x: 150 }, { type: 'release' }])).toMatchObject({ phase: 'unverified', offset: 0 });
    expect(run([{ type: 'move', x: 150 }])).toMatchObject({ phase: 'unverified', offset: 0 });
  });

  it('is usable from the keyboard: arrows step, End completes, Home resets', () => {
    const stepped = run([{ type: 'key', key: 'ArrowRight' }, { type: 'key', key: 'ArrowRight' }, { type: 'key', key: 'ArrowLeft' }]);
    expect(stepped).toMatchObject({ phase: 'unverified', offset: 20 });
    expect(run([{ type: 'key', key: 'Home' }], stepped).offset).toBe(0);
    expect(run([{ type: 'key', key: 'End' }]).phase).toBe('verified');
    const arrows = Array.from({ length: 10 }, (): SliderEvent => ({ type: 'key', key: 'ArrowRight' }));
    expect(run(arrows).phase).toBe('verified');
  });

  it('starts over on reset, also with a new track width', () => {
    expect(run([{ type: 'key', key: 'End' }, { type: 'reset', max: 300 }])).toEqual(initialSlider(300));
    expect(SLIDER_TEXTS).toEqual({ prompt: '拖动滑块验证', passed: '验证通过' });
  });
});
