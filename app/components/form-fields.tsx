import { useEffect, useId, useRef } from 'react'

interface TextFieldProps {
  name: string
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete?: string
  defaultValue?: string
  hint?: string
  error?: string
  required?: boolean
  maxLength?: number
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ name, label, type = 'text', hint, error, ...input }: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The message above a form after a refused submission. With JavaScript it takes focus so keyboard and
 * screen-reader users hear it at once; without, role="alert" announces it when the page loads.
 */
export function FormError({ message }: { message?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message) ref.current?.focus()
  }, [message])
  if (!message) return null
  return (
    <div ref={ref} className="form-error" role="alert" tabIndex={-1}>
      {message}
    </div>
  )
}

/** The address's other parameters, carried through a GET or POST form of the translator (its place stays). */
export function KeptFields({ fields, except }: { fields: [string, string][]; except?: string }) {
  return (
    <>
      {fields
        .filter(([name]) => name !== except)
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  )
}
