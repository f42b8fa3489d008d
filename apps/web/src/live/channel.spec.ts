import { channelUrl, debounce, noticeConcerns, streamOf } from './channel';

describe('the broadcast channel helpers', () => {
  it('address the channel on its own port of the page host', () => {
    expect(channelUrl({ protocol: 'https:', hostname: 'app.example.test' }, 6001)).toBe('https://app.example.test:6001');
    expect(channelUrl({ protocol: 'http:', hostname: '127.0.0.1' }, 41234)).toBe('http://127.0.0.1:41234');
    expect(channelUrl({ protocol: 'http:', hostname: '::1' }, 6001)).toBe('http://[::1]:6001');
  });

  it('keep the notices of one record', () => {
    const stream = streamOf('queue', 'a1b2');
    expect(stream).toBe('queue-a1b2');
    expect(noticeConcerns({ view: 'queue', key: 'queue-a1b2', position: 9 }, stream)).toBe(true);
    expect(noticeConcerns({ view: 'queue', key: 'queue-other', position: 9 }, stream)).toBe(false);
    expect(noticeConcerns(null, stream)).toBe(false);
    expect(noticeConcerns('queue-a1b2', stream)).toBe(false);
  });

  it('give one refetch for a burst of notices', () => {
    jest.useFakeTimers();
    try {
      const fn = jest.fn();
      const run = debounce(fn, 100);
      run();
      jest.advanceTimersByTime(60);
      run();
      run();
      jest.advanceTimersByTime(99);
      expect(fn).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(fn).toHaveBeenCalledTimes(1);
      run();
      run.cancel();
      jest.advanceTimersByTime(500);
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
