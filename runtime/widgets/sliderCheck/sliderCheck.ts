/**
 * The drag-slider human check (widgets spec §4): unverified → dragging → verified once the handle
 * is dragged to the end of the track; letting go earlier puts it back to the start. Pure state
 * transitions, so the component stays thin and the rules are unit-tested.
 *
 * Texts (the spec's English → the Chinese shown): 'drag the slider to verify' → 拖动滑块验证,
 * 'verification passed' → 验证通过.
 */
export const SLIDER_TEXTS = { prompt: '拖动滑块验证', passed: '验证通过' } as const;

/** A form guarded by the check refuses to save before it is verified, with this message under it. */
export const SLIDER_REQUIRED_MESSAGE = `请先${SLIDER_TEXTS.prompt}`;

/** Keyboard step of the arrow keys, in pixels. */
export const SLIDER_KEY_STEP = 20;

export type SliderPhase = 'unverified' | 'dragging' | 'verified';

export interface SliderState {
  phase: SliderPhase;
  /** Handle offset from the start, 0 … max. */
  offset: number;
  /** Where the pointer was when the drag began, minus the offset then. */
  origin: number;
  /** Track width minus handle width: the offset that verifies. */
  max: number;
}

export type SliderEvent =
  | { type: 'press'; x: number }
  | { type: 'move'; x: number }
  | { type: 'release' }
  | { type: 'key'; key: string }
  | { type: 'reset'; max?: number };

export function initialSlider(max: number): SliderState {
  return { phase: 'unverified', offset: 0, origin: 0, max: Math.max(0, max) };
}

const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);

export function sliderReducer(state: SliderState, event: SliderEvent): SliderState {
  if (event.type === 'reset') return initialSlider(event.max ?? state.max);
  // A verified check stays verified: dragging again proves nothing new.
  if (state.phase === 'verified') return state;
  switch (event.type) {
    case 'press':
      return { ...state, phase: 'dragging', origin: event.x - state.offset };
    case 'move': {
      if (state.phase !== 'dragging') return state;
      const offset = clamp(event.x - state.origin, state.max);
      // Reaching the end verifies at once, as the spec's "dragged past full width".
      return offset >= state.max && state.max > 0 ? { ...state, phase: 'verified', offset: state.max } : { ...state, offset };
    }
    case 'release':
      return state.phase === 'dragging' ? initialSlider(state.max) : state;
    case 'key': {
      // Keyboard users: the arrows move the handle, End (or Enter at the end) completes it; Home resets.
      if (event.key === 'End') return { ...state, phase: 'verified', offset: state.max };
      if (event.key === 'Home') return initialSlider(state.max);
      const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? SLIDER_KEY_STEP : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -SLIDER_KEY_STEP : 0;
      if (step === 0) return state;
      const offset = clamp(state.offset + step, state.max);
      return offset >= state.max && state.max > 0 ? { ...state, phase: 'verified', offset } : { ...state, phase: 'unverified', offset };
    }
    default:
      return state;
  }
}
