/**
 * The drag-slider human check as a control: a track with a handle the user drags to the end
 * (mouse, touch or pen through pointer events; keyboard: arrows, End, Home). `onVerified` fires once.
 */
import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { useEffect, useLayoutEffect, useReducer, useRef, type CSSProperties } from 'react';
import { initialSlider, SLIDER_TEXTS, sliderReducer } from './sliderCheck';

const HANDLE = 40;
const HEIGHT = 36;

export interface SliderCheckProps {
  onVerified?(): void;
  /** Changing it puts the check back to the start (say after a failed attempt of the guarded action). */
  resetKey?: unknown;
  width?: number | string;
}

export function SliderCheck({ onVerified, resetKey, width = '100%' }: SliderCheckProps) {
  const track = useRef<HTMLDivElement>(null);
  const [state, dispatch] = useReducer(sliderReducer, 0, initialSlider);
  const verified = state.phase === 'verified';

  // The track's width is known once it is laid out; a new resetKey starts over.
  useLayoutEffect(() => {
    dispatch({ type: 'reset', max: Math.max(0, (track.current?.clientWidth ?? 0) - HANDLE) });
  }, [resetKey]);
  const { max } = state;
  useEffect(() => {
    if (verified) onVerified?.();
  }, [verified, onVerified]);

  const trackStyle: CSSProperties = {
    position: 'relative',
    width,
    height: HEIGHT,
    lineHeight: `${HEIGHT}px`,
    background: '#e8e8e8',
    borderRadius: 4,
    textAlign: 'center',
    userSelect: 'none',
    touchAction: 'none',
    overflow: 'hidden',
  };
  const fill: CSSProperties = {
    position: 'absolute',
    inset: '0 auto 0 0',
    width: state.offset + HANDLE / 2,
    background: '#7ac23c',
    transition: state.phase === 'dragging' ? 'none' : 'width 0.2s',
  };
  const handle: CSSProperties = {
    position: 'absolute',
    top: 0,
    left: state.offset,
    width: HANDLE,
    height: HEIGHT,
    background: '#fff',
    border: '1px solid #ccc',
    borderRadius: 4,
    cursor: verified ? 'default' : 'grab',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: verified ? '#52c41a' : '#666',
    transition: state.phase === 'dragging' ? 'none' : 'left 0.2s',
  };

  return (
    <div ref={track} style={trackStyle} className="slider-check">
      <div style={fill} />
      <span style={{ position: 'relative', color: verified ? '#fff' : '#666', fontSize: 13 }}>{verified ? SLIDER_TEXTS.passed : SLIDER_TEXTS.prompt}</span>
      <div
        role="slider"
        tabIndex={verified ? -1 : 0}
        aria-label={SLIDER_TEXTS.prompt}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={state.offset}
        aria-valuetext={verified ? SLIDER_TEXTS.passed : SLIDER_TEXTS.prompt}
        style={handle}
        onPointerDown={(e) => {
          if (verified) return;
          const measured = Math.max(0, (track.current?.clientWidth ?? 0) - HANDLE);
          if (measured !== state.max) dispatch({ type: 'reset', max: measured });
          e.currentTarget.setPointerCapture(e.pointerId);
          dispatch({ type: 'press', x: e.clientX });
        }}
        onPointerMove={(e) => dispatch({ type: 'move', x: e.clientX })}
        onPointerUp={() => dispatch({ type: 'release' })}
        onPointerCancel={() => dispatch({ type: 'release' })}
        onKeyDown={(e) => {
          if (['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'End', 'Home'].includes(e.key)) {
            e.preventDefault();
            dispatch({ type: 'key', key: e.key });
          }
        }}
      >
        {verified ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
